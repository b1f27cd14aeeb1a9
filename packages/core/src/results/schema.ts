import { z } from 'zod';
import { biomarkers, type BiomarkerSlug } from '../catalog/biomarkers.ts';
import { acceptedUnits, referenceOf, unitFactor, type ReferenceRange } from './reference.ts';

/** One biomarker's result, in the biomarker's own unit, with the range it is read against. */
export interface BiomarkerResult {
  biomarker: BiomarkerSlug;
  value: number;
  unit: string;
  range: ReferenceRange;
}

const isBiomarker = (slug: string): slug is BiomarkerSlug => Object.hasOwn(biomarkers, slug);
const titleOf = (slug: BiomarkerSlug) => biomarkers[slug].title;
// converting between units must not print 5.000000001 where the lab wrote 5
const round = (value: number) => Math.round(value * 10_000) / 10_000;

const rangeInput = z.strictObject({ low: z.unknown().optional(), high: z.unknown().optional() });

const entryInput = z.strictObject({
  biomarker: z.string({ error: 'Each result needs the slug of its biomarker' }).trim().max(64),
  value: z.unknown(),
  unit: z.string({ error: 'Each result needs its unit' }).trim().max(20),
  referenceRange: rangeInput.optional(),
});

/**
 * The checks of one result, each message naming the biomarker: a result that is refused is refused
 * before anything is written, and the person entering it knows which line to fix.
 */
function checkEntry(entry: z.infer<typeof entryInput>, ctx: z.RefinementCtx): void {
  if (!isBiomarker(entry.biomarker)) {
    ctx.addIssue({ code: 'custom', path: ['biomarker'], message: `"${entry.biomarker}" is not a biomarker we measure.` });
    return;
  }
  const slug = entry.biomarker;
  const title = titleOf(slug);
  const factor = unitFactor(slug, entry.unit);
  if (factor === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['unit'],
      message: `${title}: the unit must be ${acceptedUnits(slug).join(' or ')}, not "${entry.unit}".`,
    });
    return;
  }
  const { plausible, unit } = referenceOf(slug);
  const value = entry.value;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    ctx.addIssue({ code: 'custom', path: ['value'], message: `${title}: the value must be a number.` });
    return;
  }
  if (value < 0) {
    ctx.addIssue({ code: 'custom', path: ['value'], message: `${title}: the value cannot be negative.` });
    return;
  }
  const converted = value * factor;
  if (converted < plausible.min || converted > plausible.max) {
    ctx.addIssue({
      code: 'custom',
      path: ['value'],
      message: `${title}: ${value} ${entry.unit} is not a plausible result (expected ${plausible.min} to ${plausible.max} ${unit}); check the value and its unit.`,
    });
  }
  for (const bound of ['low', 'high'] as const) {
    const limit = entry.referenceRange?.[bound];
    if (limit === undefined) continue;
    if (typeof limit !== 'number' || !Number.isFinite(limit) || limit < 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['referenceRange', bound],
        message: `${title}: the reference range's ${bound} bound must be a number of 0 or more.`,
      });
    }
  }
  const { low, high } = entry.referenceRange ?? {};
  if (typeof low === 'number' && typeof high === 'number' && low > high) {
    ctx.addIssue({
      code: 'custom',
      path: ['referenceRange'],
      message: `${title}: the reference range's low bound is above its high bound.`,
    });
  }
}

function toResult(entry: z.infer<typeof entryInput>): BiomarkerResult {
  const slug = entry.biomarker as BiomarkerSlug;
  const factor = unitFactor(slug, entry.unit) ?? 1;
  const reference = referenceOf(slug);
  const override = entry.referenceRange;
  const convert = (bound: unknown) => (typeof bound === 'number' ? round(bound * factor) : undefined);
  const range: ReferenceRange =
    override && (override.low !== undefined || override.high !== undefined)
      ? {
          ...(override.low !== undefined ? { low: convert(override.low) } : {}),
          ...(override.high !== undefined ? { high: convert(override.high) } : {}),
        }
      : reference.range;
  return { biomarker: slug, value: round((entry.value as number) * factor), unit: reference.unit, range };
}

/**
 * The results of one kit as a lab or a clinician sends them: a list of biomarker results, each with
 * its value, its unit and, when the lab prints its own, the reference range (in the same unit).
 * It comes out in the biomarkers' own units.
 */
export const resultListSchema = z
  .array(entryInput.superRefine(checkEntry), { error: 'Send the results as a list' })
  .min(1, { error: 'Send at least one result' })
  .max(40, { error: 'Send at most 40 results' })
  .superRefine((results, ctx) => {
    const seen = new Set<string>();
    results.forEach((entry, index) => {
      if (seen.has(entry.biomarker)) {
        const name = isBiomarker(entry.biomarker) ? titleOf(entry.biomarker) : entry.biomarker;
        ctx.addIssue({ code: 'custom', path: [index, 'biomarker'], message: `${name} is listed twice.` });
      }
      seen.add(entry.biomarker);
    });
  })
  .transform((results) => results.map(toResult));

/**
 * A result list's shape alone (each line's biomarker, value, unit and range as sent), for an
 * endpoint that holds it against the order first (`compareWithOrdered`: a biomarker not ordered
 * or a unit it does not take is the order's refusal, not the form's) and reads the values with
 * `resultListSchema` after.
 */
export const resultEntriesSchema = z
  .array(entryInput, { error: 'Send the results as a list' })
  .min(1, { error: 'Send at least one result' })
  .max(40, { error: 'Send at most 40 results' });

/** One result as sent, its shape checked and its value not yet read. */
export type ResultEntry = z.output<typeof entryInput>;

/** What the console sends for one kit, as the API first reads it. */
export const resultEntriesBodySchema = z.strictObject({ results: resultEntriesSchema });

/** What the console sends for one kit. */
export const resultSetSchema = z.strictObject({ results: resultListSchema });

export type ResultSetInput = z.input<typeof resultSetSchema>;
export type ResultSet = z.output<typeof resultSetSchema>;
