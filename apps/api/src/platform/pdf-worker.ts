import { parentPort } from 'node:worker_threads';
import type { PdfDocument } from './pdf.ts';
import { renderDocument } from './pdf-render.ts';

/**
 * A worker of `renderPdf`'s pool (pdf.ts): draws the documents it is sent one after another (they share
 * its parsed fonts) and answers each one's bytes, or why not.
 */
let queue = Promise.resolve();
parentPort!.on('message', (job: { id: number; doc: PdfDocument }) => {
  queue = queue.then(() => draw(job));
});

async function draw({ id, doc }: { id: number; doc: PdfDocument }) {
  try {
    const pdf = await renderDocument(doc);
    // A copy of its own to hand over: the Buffer may be a view of a larger, shared block.
    const bytes = new Uint8Array(pdf);
    parentPort!.postMessage({ id, bytes }, [bytes.buffer]);
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
}
