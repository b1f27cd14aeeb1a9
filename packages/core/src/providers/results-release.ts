import { z } from 'zod';
import type { ResultFlag } from '../results/flag.ts';

/**
 * When the results of an order a clinic placed reach its client (docs/decisions/0044-clinic-results-release.md):
 * at once, after the ordering practitioner's review, or after their review only when a value is out of range.
 */
export const resultsReleaseRules = ['automatic', 'review_all', 'review_out_of_range'] as const;
export type ResultsReleaseRule = (typeof resultsReleaseRules)[number];
export const resultsReleaseRuleLabels: Record<ResultsReleaseRule, string> = {
  automatic: 'Release results to the client automatically',
  review_all: 'Hold every result for the ordering practitioner to review and release',
  review_out_of_range: 'Hold results for review only when a value is out of range',
};

/** Where a clinic order's results stand: none yet, with the practitioner, or the client's. */
export const resultsReleaseStates = ['pending', 'held', 'released'] as const;
export type ResultsReleaseState = (typeof resultsReleaseStates)[number];
export const resultsReleaseStateLabels: Record<ResultsReleaseState, string> = {
  pending: 'Waiting for results',
  held: 'Held for review',
  released: 'Released to the client',
};

/** A clinic's rule; a clinic of before the rule existed releases at once, as it did then. */
export const releaseRuleOf = (settings: { resultsRelease?: ResultsReleaseRule }): ResultsReleaseRule =>
  settings.resultsRelease ?? 'automatic';

/** Whether the results go to the client now, under the clinic's rule and the flags of every value. */
export function releasesAtOnce(rule: ResultsReleaseRule, flags: readonly ResultFlag[]): boolean {
  if (rule === 'automatic') return true;
  if (rule === 'review_all') return false;
  return flags.every((flag) => flag === 'normal');
}

/** Who ordered a clinic's test, as the client's results page, PDF and e-mail say it. */
export function orderedByLine(orderedBy: { practitioner: string | null; clinic: string }): string {
  return orderedBy.practitioner ? `Ordered by ${orderedBy.practitioner} — ${orderedBy.clinic}` : `Ordered by ${orderedBy.clinic}`;
}

export const resultsReleaseMessages = {
  withPractitioner:
    'Your results are with your practitioner, who reviews them before releasing them to you. We e-mail you as soon as they do.',
  rule: 'Please choose how results are released',
  note: 'Please keep the note to 2000 characters',
  notHeld: 'These results are not held for review.',
  noResults: 'This order has no results yet.',
} as const;

export const resultsReleaseSettingSchema = z.strictObject({
  resultsRelease: z.enum(resultsReleaseRules, { error: resultsReleaseMessages.rule }),
});

/** The practitioner's note to the client, sent with the released results. */
export const resultsReleaseSchema = z.strictObject({
  note: z.string({ error: resultsReleaseMessages.note }).trim().max(2000, { error: resultsReleaseMessages.note }).optional().default(''),
});
export type ResultsReleaseForm = z.input<typeof resultsReleaseSchema>;
