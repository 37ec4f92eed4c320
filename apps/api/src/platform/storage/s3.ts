import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../config.ts';
import {
  assertSafeKey,
  plainBytes,
  servableContentType,
  storableContentType,
  StorageUnavailableError,
  type Storage,
} from './storage.ts';

type Sdk = typeof import('@aws-sdk/client-s3');

/** A missing object; a missing bucket (NoSuchBucket, also a 404) is a configuration error instead. */
function isMissingObject(sdk: Sdk, error: unknown): boolean {
  return (
    error instanceof sdk.S3ServiceException &&
    error.name !== 'NoSuchBucket' &&
    (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)
  );
}

/**
 * Files as objects of one S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Ceph…), shared by
 * every API instance, with the storage key as the object key.
 */
export function createS3Storage(config: S3Config): Storage {
  // The SDK is loaded on first use: a server on the disk or PostgreSQL never pays for its import
  // (~300 ms at every start on this machine).
  let connection: Promise<{ sdk: Sdk; client: S3Client }> | undefined;
  const connect = () =>
    (connection ??= import('@aws-sdk/client-s3').then((sdk) => {
      // The SDK writes a multi-line notice about its future Node versions to stderr on every start;
      // the pinned version runs on Node 20 (docs/decisions/0013).
      process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
      const client = new sdk.S3Client({
        region: config.region,
        endpoint: config.endpoint,
        forcePathStyle: config.forcePathStyle,
        credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
        // Checksums only where S3 requires them: several S3-compatible servers refuse or ignore the
        // newer flexible checksums, and our requests are signed over their body's SHA-256 anyway.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        // A stalled store fails the request instead of holding it open.
        requestHandler: { connectionTimeout: 3_000, requestTimeout: 15_000 },
        maxAttempts: 3,
      });
      return { sdk, client };
    }));
  const Bucket = config.bucket;

  return {
    driver: 's3',

    async put(key, bytes, contentType) {
      assertSafeKey(key);
      const ContentType = storableContentType(contentType);
      const { sdk, client } = await connect();
      await client.send(new sdk.PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType }));
    },

    async get(key) {
      assertSafeKey(key);
      const { sdk, client } = await connect();
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        const bytes = object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
        return { bytes: plainBytes(bytes), contentType: servableContentType(object.ContentType) };
      } catch (error) {
        if (isMissingObject(sdk, error)) return null;
        throw error;
      }
    },

    async delete(key) {
      assertSafeKey(key);
      // S3 answers a delete of a missing object with success, as the interface wants.
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    },

    async check() {
      const { sdk, client } = await connect();
      try {
        await client.send(new sdk.HeadBucketCommand({ Bucket }));
      } catch (error) {
        const reason =
          error instanceof sdk.S3ServiceException
            ? `${error.name} (HTTP ${error.$metadata.httpStatusCode})`
            : String(error);
        throw new StorageUnavailableError(
          `No se puede usar el bucket S3 «${Bucket}»${config.endpoint ? ` en ${config.endpoint}` : ''}: ${reason}. Revisa S3_BUCKET, S3_REGION, S3_ENDPOINT y las claves, que necesitan permiso para listar el bucket y leer, escribir y borrar sus objetos.`,
          { cause: error },
        );
      }
    },

    async close() {
      if (connection) (await connection).client.destroy();
    },
  };
}
