import { parentPort } from 'node:worker_threads';
import { loadPdfJs, pdfRefusal } from './inspect-pdf.ts';

// A worker inspects one PDF. It says it is ready once its modules are loaded, so the caller's
// clock times the inspection alone, not the start of a thread on a busy machine. Loaded through
// a CommonJS require (see inspect-in-worker.ts): no top-level await here.
const port = parentPort!;
port.once('message', (bytes: Uint8Array) => {
  void pdfRefusal(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)).then((refusal) => port.postMessage({ refusal }));
});
// PDF.js runs its parser in this thread, not in a worker of its own: its parser's module, once
// imported, is found by getDocument. Both are loaded before the worker says it is ready.
void Promise.all([import('pdfjs-dist/legacy/build/pdf.worker.mjs'), loadPdfJs()]).then(() => port.postMessage('ready'));
