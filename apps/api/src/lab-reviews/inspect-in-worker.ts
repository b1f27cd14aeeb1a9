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

interface Started {
  worker: Worker;
  ready: Promise<void>;
}

function start(limits: PdfWorkerLimits): Started {
  const worker = new Worker(bootstrap, {
    eval: true,
    resourceLimits: { maxOldGenerationSizeMb: limits.oldGenerationMb, maxYoungGenerationSizeMb: limits.youngGenerationMb },
  });
  // a worker waiting for a file does not keep the process alive
  worker.unref();
  const ready = new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
    worker.once('exit', () => reject(new Error('The PDF inspection worker stopped before it was ready')));
  });
  // a spare that fails while no one waits for it is told when it is taken
  ready.catch(() => undefined);
  return { worker, ready };
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
  const { worker, ready } = take(limits);
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
    worker.on('message', (message: 'ready' | { refusal: PdfRefusal | null }) => {
      if (message !== 'ready') finish(() => resolve(message.refusal));
    });
    worker.on('error', (error: Error & { code?: string }) =>
      finish(() => (error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? resolve('tooComplex') : reject(error))),
    );
    worker.on('exit', () => finish(() => reject(new Error('The PDF inspection worker stopped without an answer'))));

    timer = setTimeout(() => finish(() => reject(new Error('The PDF inspection worker did not start in time'))), limits.startMs);
    ready.then(
      () => {
        if (settled) return;
        clearTimeout(timer);
        timer = setTimeout(() => finish(() => resolve('tooComplex')), limits.inspectMs);
        // a copy of the file's bytes alone, handed over rather than copied again
        const copy = new Uint8Array(bytes);
        worker.postMessage(copy, [copy.buffer]);
      },
      (error: unknown) => finish(() => reject(error)),
    );
  });
}
