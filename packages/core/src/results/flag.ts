import type { ReferenceRange } from './reference.ts';

export const resultFlags = ['low', 'normal', 'high'] as const;
export type ResultFlag = (typeof resultFlags)[number];

/** Where a value sits against its reference range; the bounds themselves are in range. */
export function resultFlagFor(value: number, range: ReferenceRange): ResultFlag {
  if (range.low !== undefined && value < range.low) return 'low';
  if (range.high !== undefined && value > range.high) return 'high';
  return 'normal';
}

/** The flag in words, for a person reading their results. */
export const resultFlagLabels: Record<ResultFlag, string> = {
  low: 'Low: below the reference range',
  normal: 'Normal: within the reference range',
  high: 'High: above the reference range',
};

/** A range as a lab prints it: "0.4 – 4.5", "< 200", "> 40". */
export function formatReferenceRange({ low, high }: ReferenceRange, decimals: number): string {
  const number = (value: number) => value.toFixed(decimals);
  if (low !== undefined && high !== undefined) return `${number(low)} – ${number(high)}`;
  if (high !== undefined) return `< ${number(high)}`;
  if (low !== undefined) return `> ${number(low)}`;
  return 'No range';
}
