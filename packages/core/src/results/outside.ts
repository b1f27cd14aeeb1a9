import { biomarkers, type BiomarkerSlug } from '../catalog/biomarkers.ts';
import { easternDate } from '../coaching/eastern-time.ts';
import type { EnteredResult } from './ordered.ts';
import { acceptedUnits } from './reference.ts';

/**
 * Results from another lab in the member's health record (docs/decisions/0087-outside-lab-results.md):
 * the member uploads the report with the lab's name and the day the sample was collected; staff
 * enter its values. An outside report is not limited to a kit's biomarkers, but each value must be
 * a biomarker the catalog knows, in a unit it takes for it, or the entry is refused naming it.
 */

export const OUTSIDE_LAB_NAME_MAX = 100;
/** the earliest collection day taken: older reports are not trends the record can draw */
export const OUTSIDE_EARLIEST_COLLECTION = '2000-01-01';

/** The words of outside results, as the pages, the API's refusals and the e-mail say them. */
export const outsideResultWords = {
  marker: 'Outside result',
  waiting: 'Waiting to be entered',
  addTitle: 'Add results from another lab',
  uploaded: 'Thank you: your report is waiting to be entered. We e-mail you once its values are in your health record.',
  deleted: 'Your report was deleted.',
  labNameMissing: 'Please enter the name of the lab that tested your sample.',
  labNameTooLong: `Please shorten the lab’s name to ${OUTSIDE_LAB_NAME_MAX} characters.`,
  collectedOnMissing: 'Please enter the day your sample was collected.',
  collectedOnFuture: 'The collection day cannot be in the future.',
  collectedOnTooOld: 'Please upload reports of samples collected in 2000 or later.',
  notFound: 'We could not find this report.',
  alreadyEntered: 'This report’s values are already in your health record, so it can no longer be deleted here.',
  entryDone: 'The values of this report were already entered; they cannot be entered twice.',
  emailSubject: 'Your outside results are in your health record',
} as const;

/** What the member's fields say about an outside report, or the first reason they cannot be kept. */
export function checkOutsideReport(
  input: { labName: string; collectedOn: string },
  now: Date,
): { ok: true; labName: string; collectedOn: string } | { ok: false; field: 'labName' | 'collectedOn'; message: string } {
  const labName = input.labName.trim().replace(/\s+/g, ' ');
  if (!labName) return { ok: false, field: 'labName', message: outsideResultWords.labNameMissing };
  if (labName.length > OUTSIDE_LAB_NAME_MAX) return { ok: false, field: 'labName', message: outsideResultWords.labNameTooLong };
  const collectedOn = input.collectedOn.trim();
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(collectedOn);
  const day = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : undefined;
  // 2026-02-30 parses to March 2: a day that does not exist is no day
  if (!day || day.toISOString().slice(0, 10) !== collectedOn)
    return { ok: false, field: 'collectedOn', message: outsideResultWords.collectedOnMissing };
  // the shop's day is Eastern: a sample collected today in New York is not "in the future" at 9 PM
  if (collectedOn > easternDate(now)) return { ok: false, field: 'collectedOn', message: outsideResultWords.collectedOnFuture };
  if (collectedOn < OUTSIDE_EARLIEST_COLLECTION) return { ok: false, field: 'collectedOn', message: outsideResultWords.collectedOnTooOld };
  return { ok: true, labName, collectedOn };
}

export type OutsideResultsRefusalCode = 'RESULTS_UNKNOWN_BIOMARKER' | 'RESULTS_WRONG_UNIT';

const isBiomarker = (slug: string): slug is BiomarkerSlug => Object.hasOwn(biomarkers, slug);

/**
 * Why an outside report's entered values cannot be kept, or null: a biomarker the catalog does not
 * know (said first, naming every one), then a unit the catalog does not take for a biomarker.
 * The values themselves are read after, by `resultListSchema`, as an order's are.
 */
export function outsideResultsRefusal(entered: readonly EnteredResult[]): { code: OutsideResultsRefusalCode; message: string } | null {
  const unknown = [...new Set(entered.map((entry) => entry.biomarker.trim()).filter((slug) => !isBiomarker(slug)))];
  if (unknown.length > 0) {
    const names = unknown.map((slug) => `"${slug}"`).join(', ');
    return {
      code: 'RESULTS_UNKNOWN_BIOMARKER',
      message: `${names} ${unknown.length === 1 ? 'is not a biomarker' : 'are not biomarkers'} we know: enter each value under one of the record’s biomarkers, or leave it out.`,
    };
  }
  for (const entry of entered) {
    const slug = entry.biomarker.trim() as BiomarkerSlug;
    const accepted = acceptedUnits(slug);
    if (!accepted.includes(entry.unit.trim())) {
      return {
        code: 'RESULTS_WRONG_UNIT',
        message: `${biomarkers[slug].title}: the unit must be ${accepted.join(' or ')}, not "${entry.unit.trim()}".`,
      };
    }
  }
  return null;
}
