import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../config.ts';

/** s3rver's built-in account: it knows this access key id, and we sign with this secret. */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';
const REGION = 'eu-south-2';

export type S3TestServer = {
  /** The S3_* variables that point an instance at the bucket. */
  env: Record<string, string>;
  /** The same, as loadConfig reads them. */
  config: S3Config;
  /** Every request that reached the server: `line` is `METHOD /path?query`. */
  requests: { line: string; headers: IncomingHttpHeaders }[];
  /** Requests refused for their signature, and signed payloads that did not match their body. */
  problems: string[];
  close: () => Promise<void>;
};

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
/** RFC 3986 encoding, as SigV4 wants it. */
const encode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Checks an AWS Signature Version 4 the way S3 does, written from AWS's specification (not with the
 * SDK's signer): the canonical request, the string to sign and the derived key for this secret,
 * region and service `s3`, and the signed payload hash against the body. Returns what is wrong, or null.
 */
function sigV4Problem(req: IncomingMessage, body: Buffer, now = Date.now()): string | null {
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      req.headers.authorization ?? '',
    );
  if (!match) return `no SigV4 Authorization header: ${req.headers.authorization ?? '(none)'}`;
  const [, accessKeyId, day, region, signedHeaders, signature] = match;
  if (accessKeyId !== ACCESS_KEY_ID) return `unknown access key ${accessKeyId}`;
  if (region !== REGION) return `signed for region ${region}`;
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const signedAt = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!signedAt || !amzDate.startsWith(day)) return `bad x-amz-date ${amzDate}`;
  const [, y, mo, d, h, mi, s] = signedAt.map(Number);
  if (Math.abs(Date.UTC(y, mo - 1, d, h, mi, s) - now) > 15 * 60_000) return `x-amz-date too far from now: ${amzDate}`;
  const names = signedHeaders.split(';');
  for (const required of ['host', 'x-amz-date', 'x-amz-content-sha256']) {
    if (!names.includes(required)) return `${required} is not signed`;
  }
  const payloadHash = String(req.headers['x-amz-content-sha256']);
  if (!/^[0-9a-f]{64}$/.test(payloadHash)) return `unsigned payload: ${payloadHash}`;

  const [rawPath, rawQuery = ''] = (req.url ?? '/').split('?');
  const query = rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const [k, v = ''] = pair.split('=');
      return [encode(decodeURIComponent(k)), encode(decodeURIComponent(v))];
    })
    .sort(([ak, av], [bk, bv]) => (ak === bk ? (av < bv ? -1 : 1) : ak < bk ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const headers = names
    .map(
      (name) =>
        `${name}:${String(req.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonicalRequest = [req.method, rawPath, query, headers, signedHeaders, payloadHash].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${SECRET_ACCESS_KEY}`, day), region), 's3'), 'aws4_request');
  const expected = hmac(key, stringToSign);
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return 'signature does not match';
  if (sha256(body) !== payloadHash) return 'body does not match its signed hash';
  return null;
}

/**
 * A real S3-speaking server on 127.0.0.1 for tests (s3rver: buckets and objects on a temporary
 * folder, S3's XML errors), behind a proxy that refuses any request whose SigV4 signature is wrong,
 * since s3rver itself only looks at the access key id of a V4 request.
 */
export async function startS3TestServer(bucket = 'odontia'): Promise<S3TestServer> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'odontia-s3-'));
  const s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const upstream = await s3rver.run();
  const requests: S3TestServer['requests'] = [];
  const problems: string[] = [];

  const proxy = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    requests.push({ line: `${req.method} ${req.url}`, headers: req.headers });
    const problem = sigV4Problem(req, body);
    if (problem) {
      problems.push(`${req.method} ${req.url}: ${problem}`);
      res.writeHead(403, { 'content-type': 'application/xml' });
      res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>SignatureDoesNotMatch</Code></Error>`);
      return;
    }
    const forward = http.request(
      {
        host: upstream.address,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
        agent: false, // No kept-alive sockets to hold s3rver's close().
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', (error) => res.destroy(error));
    forward.end(body);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;

  const env = {
    S3_BUCKET: bucket,
    S3_REGION: REGION,
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
  };
  return {
    env,
    config: {
      bucket,
      region: REGION,
      endpoint,
      accessKeyId: ACCESS_KEY_ID,
      secretAccessKey: SECRET_ACCESS_KEY,
      forcePathStyle: true,
    },
    requests,
    problems,
    close: async () => {
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
      await s3rver.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
