import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PdfRefusal } from './inspect-pdf.ts';

export interface PdfWorkerLimits {
  /** how long the inspection may run once the worker is ready; past it the PDF is too complex */
  inspectMs: number;
  /** how long a worker may take to load its modules; past it the server is in trouble, not the file */
  startMs: number;
  oldGenerationMb: number;
  youngGenerationMb: number;
}

export const pdfWorkerLimits: PdfWorkerLimits = { inspectMs: 3_000, startMs: 20_000, oldGenerationMb: 256, youngGenerationMb: 32 };

// The API runs its TypeScript through tsx (`node --import tsx`, and vitest in tests), and a
// worker thread does not inherit that loader for its entry. tsx's CommonJS hook, registered
// inside the worker, loads the entry in the worker's own thread; its ESM hook would start a
// further loader thread for each worker, about doubling the start.
const entry = fileURLToPath(new URL('./inspect-worker.ts', import.meta.url));
const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api');
const bootstrap = `require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(entry)});`;

// each worker may hold a few hundred MB: a burst of uploads waits its turn rather than piling them up
const MAX_WORKERS = Math.max(1, availableParallelism() - 1);
let running = 0;
const waiting: Array<() => void> = [];
const acquire = () => (running < MAX_WORKERS ? (running++, Promise.resolve()) : new Promise<void>((resolve) => waiting.push(resolve)));
function release() {
  const next = waiting.shift();
  if (next) next();
  else running--;
}

/**
 * Inspects an uploaded PDF (inspect-pdf.ts) in a worker thread, so a file made to be slow or huge
 * to parse stalls neither the server's other requests nor its memory: the worker's heap is
 * capped, and it is stopped once its time is up. Either way the file is refused as too complex.
 */
export async function pdfRefusalInWorker(bytes: Buffer, limits: PdfWorkerLimits = pdfWorkerLimits): Promise<PdfRefusal | null> {
  await acquire();
  try {
    return await runWorker(bytes, limits);
  } finally {
    release();
  }
}

/** What a worker says: it is ready for the file; it waits for PDF.js to load, and has it; its answer. */
export type WorkerMessage = 'ready' | 'loading' | 'loaded' | { refusal: PdfRefusal | null };

interface Started {
  worker: Worker;
  ready: Promise<void>;
  /** whether the worker is loading PDF.js now: the inspection's clock does not run meanwhile */
  loading: { now: boolean };
}

function start(limits: PdfWorkerLimits): Started {
  const worker = new Worker(bootstrap, {
    eval: true,
    resourceLimits: { maxOldGenerationSizeMb: limits.oldGenerationMb, maxYoungGenerationSizeMb: limits.youngGenerationMb },
  });
  // a worker waiting for a file does not keep the process alive
  worker.unref();
  const loading = { now: false };
  worker.on('message', (message: WorkerMessage) => {
    if (message === 'loading' || message === 'loaded') loading.now = message === 'loading';
  });
  const ready = new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
    worker.once('exit', () => reject(new Error('The PDF inspection worker stopped before it was ready')));
  });
  // a spare that fails while no one waits for it is told when it is taken
  ready.catch(() => undefined);
  return { worker, ready, loading };
}

// Loading the parser in a new thread takes about half a second: one worker is kept loaded for the
// next file. Each file still gets a fresh worker, so no file's parse outlives its limits or
// leaves anything behind for the next.
let spare: Started | undefined;

function take(limits: PdfWorkerLimits): Started {
  const fits =
    spare !== undefined &&
    limits.oldGenerationMb === pdfWorkerLimits.oldGenerationMb &&
    limits.youngGenerationMb === pdfWorkerLimits.youngGenerationMb;
  const taken = fits ? spare! : start(limits);
  if (fits || !spare) spare = start(pdfWorkerLimits);
  return taken;
}

function runWorker(bytes: Buffer, limits: PdfWorkerLimits): Promise<PdfRefusal | null> {
  const { worker, ready, loading } = take(limits);
  return new Promise((resolve, reject) => {
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = (settle: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      settle();
    };
    // The inspection's clock runs once the file is sent, and stops while the worker loads PDF.js
    // (inspect-worker.ts), which holds the worker's thread for as long as it takes; the load has
    // the start's limit instead.
    let remaining = limits.inspectMs;
    let sent = false;
    let clockStarted: number | null = null;
    const runClock = () => {
      clearTimeout(timer);
      if (loading.now) {
        timer = setTimeout(() => finish(() => reject(new Error('The PDF inspection worker did not load PDF.js in time'))), limits.startMs);
        return;
      }
      clockStarted = performance.now();
      timer = setTimeout(() => finish(() => resolve('tooComplex')), remaining);
    };
    worker.on('message', (message: WorkerMessage) => {
      if (message === 'ready' || !sent) return;
      if (message === 'loading' || message === 'loaded') {
        if (clockStarted !== null) remaining -= performance.now() - clockStarted;
        clockStarted = null;
        runClock();
        return;
      }
      finish(() => resolve(message.refusal));
    });
    worker.on('error', (error: Error & { code?: string }) =>
      finish(() => (error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? resolve('tooComplex') : reject(error))),
    );
    worker.on('exit', () => finish(() => reject(new Error('The PDF inspection worker stopped without an answer'))));

    timer = setTimeout(() => finish(() => reject(new Error('The PDF inspection worker did not start in time'))), limits.startMs);
    ready.then(
      () => {
        if (settled) return;
        sent = true;
        runClock();
        // a copy of the file's bytes alone, handed over rather than copied again
        const copy = new Uint8Array(bytes);
        worker.postMessage(copy, [copy.buffer]);
      },
      (error: unknown) => finish(() => reject(error)),
    );
  });
}
