import { z } from 'zod';

/**
 * Why a lab cannot test a sample, with the words the member reads. Finger-prick kits fail mostly
 * for too little blood (near 8% of kits at one home-test lab, issue 44); a haemolysed sample (red
 * cells broken in transit or by squeezing the finger), a tube whose id does not match the kit, and
 * a sample that arrived too old to test are the other causes labs report.
 */
export const sampleRejectionReasons = ['insufficient_sample', 'haemolysed', 'mismatched_id', 'too_old', 'other'] as const;
export type SampleRejectionReason = (typeof sampleRejectionReasons)[number];

export const sampleRejectionLabels: Record<SampleRejectionReason, string> = {
  insufficient_sample: 'there was too little blood in the tube to test',
  haemolysed: 'the blood cells broke down on the way (haemolysed), which spoils the results',
  mismatched_id: 'the name or code on the tube did not match the kit',
  too_old: 'the sample took too long to reach the lab to be tested',
  other: 'the lab could not test it',
};

/** A replacement kit at no charge, once per kit; a second failure goes to a clinician (decision 0066). */
export const FREE_REPLACEMENTS_PER_KIT = 1;

/** What follows a rejected sample: a free replacement while the kit has one left, else a clinician's task. */
export function afterRejection(replacementsUsed: number): 'replacement' | 'clinician' {
  return replacementsUsed < FREE_REPLACEMENTS_PER_KIT ? 'replacement' : 'clinician';
}

/** A rejection as the lab or the console sends it. */
export const sampleRejectionSchema = z.strictObject({
  reason: z.enum(sampleRejectionReasons, { error: `reason must be one of ${sampleRejectionReasons.join(', ')}` }),
  /** the lab's own words, for the clinician and the console; the member reads core's */
  note: z.string().trim().max(500).optional(),
});
export type SampleRejection = z.infer<typeof sampleRejectionSchema>;

export function isSampleRejectionReason(value: string): value is SampleRejectionReason {
  return (sampleRejectionReasons as readonly string[]).includes(value);
}
