import { parentPort } from 'node:worker_threads';
import type { WorkerMessage } from './inspect-in-worker.ts';
import { loadPdfJs, pdfRefusal } from './inspect-pdf.ts';

// A worker inspects one PDF. It says it is ready once its own modules are loaded, so the caller's
// clock times the inspection alone, not the start of a thread on a busy machine. Loaded through
// a CommonJS require (see inspect-in-worker.ts): no top-level await here.
const port = parentPort!;
const say = (message: WorkerMessage) => port.postMessage(message);

port.once('message', (bytes: Uint8Array) => {
  void pdfRefusal(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { beforeViewer: () => pdfJs }).then((refusal) =>
    say({ refusal }),
  );
});
say('ready');

// PDF.js, about 3 MB of JavaScript, runs its parser in this thread, not in a worker of its own:
// its parser's module, once imported, is found by getDocument. Loading it holds this thread for
// a while, which the caller's clock leaves out between 'loading' and 'loaded'; a file sent meanwhile
// is inspected as soon as the thread is free, and a bomb is refused before PDF.js is asked anything.
say('loading');
const pdfJs = Promise.all([import('pdfjs-dist/legacy/build/pdf.worker.mjs'), loadPdfJs()]).then(() => say('loaded'));
// a failure to load is met by the file that waits for it
pdfJs.catch(() => undefined);
