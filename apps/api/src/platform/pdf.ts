import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Executor } from '../db/client.ts';
import { clinicas } from '../db/schema/index.ts';
import { Lru } from './lru.ts';
import { keyFromPublicUrl, type Storage } from './storage/storage.ts';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';

/**
 * PDFs made on the server (issue 22: signed consents, the record's summary; issue 23: budgets) with
 * pdfmake. A document is drawn in a worker thread (pdf-render.ts): laying out and subsetting a page of
 * text takes 20-30 ms of CPU, which on the event loop would hold up every other request for as long.
 * The pool has a worker per core (at most two), started on the first PDF; each takes the next document
 * as it is free. A document is data only (what a worker can receive): its footer is `pie`, which the
 * worker draws beside the page numbers.
 */

export type { Content, TDocumentDefinitions };

/** A document definition without functions, and `pie`: the footer's text, beside 'Página N de M'. */
export type PdfDocument = Omit<TDocumentDefinitions, 'footer' | 'header' | 'background' | 'pageBreakBefore'> & {
  pie?: string;
};

type Job = { resolve: (pdf: Buffer) => void; reject: (error: Error) => void };
type Answer = { id: number; bytes?: Uint8Array; error?: string };
type PoolWorker = { worker: Worker; jobs: Map<number, Job> };

const POOL_SIZE = Math.max(1, Math.min(2, availableParallelism()));
/**
 * The worker's TypeScript is loaded through tsx, as the server's is (`node --import tsx`): a worker of
 * Node 20 does not take over the loader of the thread that starts it, so it registers tsx itself.
 */
const WORKER_ENTRY = new URL('./pdf-worker.ts', import.meta.url).href;
const WORKER_BOOT = `const { workerData } = require('node:worker_threads');
import('tsx/esm/api').then(({ register }) => { register(); return import(workerData.entry); });`;
const pool: PoolWorker[] = [];
let nextId = 0;

function startWorker(): PoolWorker {
  const worker = new Worker(WORKER_BOOT, { eval: true, workerData: { entry: WORKER_ENTRY } });
  const entry: PoolWorker = { worker, jobs: new Map() };
  worker.on('message', ({ id, bytes, error }: Answer) => {
    const job = entry.jobs.get(id);
    entry.jobs.delete(id);
    if (entry.jobs.size === 0) worker.unref();
    if (!job) return;
    if (bytes) job.resolve(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    else job.reject(new Error(error ?? 'No se pudo generar el PDF'));
  });
  const lost = (error: Error) => {
    const at = pool.indexOf(entry);
    if (at >= 0) pool.splice(at, 1);
    for (const job of entry.jobs.values()) job.reject(error);
    entry.jobs.clear();
  };
  worker.on('error', lost);
  worker.on('exit', (code) => lost(new Error(`El proceso de PDF terminó (código ${code})`)));
  // An idle worker never keeps the process alive; one drawing a document does (renderPdf refs it), so
  // a script awaiting a PDF gets it. Unref'd after its listeners: adding a 'message' listener refs it.
  worker.unref();
  return entry;
}

/** The PDF of `doc` (A4, the house style), drawn by the least busy worker of the pool. */
export function renderPdf(doc: PdfDocument): Promise<Buffer> {
  if (pool.length < POOL_SIZE && pool.every((w) => w.jobs.size > 0)) pool.push(startWorker());
  const entry = pool.reduce((a, b) => (b.jobs.size < a.jobs.size ? b : a));
  const id = nextId++;
  return new Promise<Buffer>((resolve, reject) => {
    entry.jobs.set(id, { resolve, reject });
    entry.worker.ref();
    try {
      entry.worker.postMessage({ id, doc });
    } catch (error) {
      // A value a worker cannot receive (a function in the content): a bug of the caller's.
      entry.jobs.delete(id);
      if (entry.jobs.size === 0) entry.worker.unref();
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}

/** A data URL pdfmake draws as an image (PNG or JPEG bytes only). */
export const imageDataUrl = (bytes: Uint8Array, type: 'image/png' | 'image/jpeg'): string =>
  `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;

/**
 * The logos drawn lately, by the SHA-256 of the stored file (so a file written again under the same key
 * is drawn anew): resizing a stored logo (up to 2,048 px) costs 2 to 20 ms of CPU, on every document
 * otherwise. Bounded by the PNGs' bytes.
 */
const drawnLogos = new Lru<string, Buffer>(8 * 1024 * 1024, (png) => png.byteLength);

/**
 * The clinic's logo as PNG for the PDF (stored logos may be WebP), or null when it has none or it cannot
 * be read. Flattened on white, the page it is printed on, for the same reason as a signature.
 */
export async function logoPng(storage: Storage, logoUrl: string | null): Promise<Uint8Array | null> {
  const key = keyFromPublicUrl(logoUrl);
  if (!key) return null;
  try {
    const file = await storage.get(key);
    if (!file) return null;
    const hash = createHash('sha256').update(file.bytes).digest('hex');
    const drawn = drawnLogos.get(hash);
    if (drawn) return drawn;
    const png = await sharp(file.bytes, { limitInputPixels: 25_000_000, failOn: 'error' })
      .resize({ width: 480, height: 240, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .png()
      .toBuffer();
    drawnLogos.set(hash, png);
    return png;
  } catch {
    return null;
  }
}

/** The clinic as a document heads it: name, address, phone, its zone (for the dates it prints) and its logo as PNG. */
export type PdfClinic = {
  nombre: string;
  direccion: string | null;
  ciudad: string | null;
  telefono: string | null;
  zonaHoraria: string;
  logo: Uint8Array | null;
};

/** The clinic's letterhead for a PDF (budgets, receipts, statements), read in one statement. */
export async function clinicLetterhead(db: Executor, storage: Storage, clinicaId: string): Promise<PdfClinic> {
  const [clinica] = await db
    .select({
      nombre: clinicas.nombre,
      direccion: clinicas.direccion,
      ciudad: clinicas.ciudad,
      telefono: clinicas.telefono,
      logoUrl: clinicas.logoUrl,
      zonaHoraria: clinicas.zonaHoraria,
    })
    .from(clinicas)
    .where(eq(clinicas.id, clinicaId));
  const { logoUrl, ...rest } = clinica!;
  return { ...rest, logo: await logoPng(storage, logoUrl) };
}
