import { constants, createInflate } from 'node:zlib';
import { pdfStreams, TooDeep } from './inspect-streams.ts';

/**
 * What a whole PDF's compressed streams may inflate to, together. A report's pages and pictures
 * inflate to a few times their size; 50 MB is five times the largest upload, while a stream of
 * spaces deflates a thousandfold, so 10 MB sent could make 10 GB for the parser to hold.
 */
export const PDF_INFLATE_BUDGET_BYTES = 50 * 1024 * 1024;

export type InflateVerdict = { ok: true; inflated: number } | { ok: false; reason: 'overBudget' | 'unmeasured' };

// the stream types a parser decodes as it loads a file
const parsedTypes = new Set(['ObjStm', 'XRef']);
const FLATE = 'FlateDecode';
const CHUNK_BYTES = 64 * 1024;

/**
 * Inflates every FlateDecode stream of a PDF, counting what comes out and keeping none of it,
 * and stops as soon as the total passes the budget. A stream the count cannot follow is refused
 * too: a filter or a type given by reference, FlateDecode chained with another filter, or an
 * object or cross-reference stream (which the parser decodes on load) under a filter other than
 * FlateDecode. Streams under other filters alone (a photo's DCTDecode) are not decoded on load
 * and are left to the viewer.
 */
export async function measureInflated(bytes: Buffer, budget = PDF_INFLATE_BUDGET_BYTES): Promise<InflateVerdict> {
  try {
    return await measureStreams(bytes, budget);
  } catch (error) {
    // values nested past any real document's depth: the walk stops, and so does the count
    if (error instanceof TooDeep) return { ok: false, reason: 'unmeasured' };
    throw error;
  }
}

async function measureStreams(bytes: Buffer, budget: number): Promise<InflateVerdict> {
  let inflated = 0;
  for (const stream of pdfStreams(bytes)) {
    if (stream.filters === null || stream.type === null) return { ok: false, reason: 'unmeasured' };
    const layers = stream.filters.filter((filter) => filter === FLATE).length;
    if (layers > 0 && layers < stream.filters.length) return { ok: false, reason: 'unmeasured' };
    if (layers === 0 && stream.filters.length > 0 && stream.type && parsedTypes.has(stream.type))
      return { ok: false, reason: 'unmeasured' };
    if (layers === 0) continue;
    inflated += await inflatedSize(stream.data, layers, budget - inflated);
    if (inflated > budget) return { ok: false, reason: 'overBudget' };
  }
  return { ok: true, inflated };
}

/**
 * The bytes `data` inflates to through `layers` FlateDecode filters, every layer's output
 * counted, stopping once past `allowance`. The layers run as a pipe, so no layer's output is held
 * whole. A damaged stream counts what came out before the damage: the parser reads as far too.
 */
function inflatedSize(data: Buffer, layers: number, allowance: number): Promise<number> {
  return new Promise((resolve) => {
    let counted = 0;
    const stages = Array.from({ length: layers }, () => createInflate({ finishFlush: constants.Z_SYNC_FLUSH, chunkSize: CHUNK_BYTES }));
    const stop = () => {
      for (const stage of stages) stage.destroy();
      resolve(counted);
    };
    stages.forEach((stage, index) => {
      stage.on('data', (chunk: Buffer) => {
        counted += chunk.length;
        if (counted > allowance) stop();
      });
      stage.on('error', stop);
      if (index > 0) stages[index - 1]!.pipe(stage);
    });
    stages.at(-1)!.on('end', () => resolve(counted));
    stages[0]!.end(data);
  });
}
