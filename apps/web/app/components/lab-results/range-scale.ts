/** A reference range: either bound may be missing (one-sided ranges such as "< 200"). */
export interface Range {
  low?: number;
  high?: number;
}

export interface Scale {
  min: number;
  max: number;
  /** where a number sits on the bar, from 0 to 100 (clamped) */
  at(value: number): number;
  band: { from: number; to: number };
}

/**
 * The stretch of numbers a result's bar shows: the reference range in the middle with room on
 * each side, widened to take in the value, never below zero. A one-sided range gets a band that
 * runs to the edge of the bar on its open side.
 */
export function scaleFor(value: number, range: Range): Scale {
  const low = range.low;
  const high = range.high;
  const width = low !== undefined && high !== undefined ? high - low : Math.max(low ?? 0, high ?? 0, value, 1);
  const margin = Math.max(width * 0.5, Number.EPSILON);
  let min = Math.max(0, Math.min((low ?? 0) - margin, value - margin * 0.2));
  let max = Math.max((high ?? low ?? 0) + margin, value + margin * 0.2);
  if (low === undefined) min = 0;
  if (max <= min) max = min + 1;
  const at = (x: number) => Math.min(100, Math.max(0, ((x - min) / (max - min)) * 100));
  return { min, max, at, band: { from: at(low ?? min), to: at(high ?? max) } };
}
