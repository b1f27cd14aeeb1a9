import { biomarkers, type BiomarkerSlug } from '../catalog/biomarkers.ts';
import type { KitSlug } from '../catalog/kits.ts';
import { testsOfOrder } from '../orders/order-kits.ts';
import { acceptedUnits } from './reference.ts';

/**
 * The biomarkers an order's results must hold, each once, in the catalog's order: those of the
 * tests it bought (see `testsOfOrder`), or of those tests that ship in one kit, since results are
 * entered kit by kit. A Focus Test order's blood kit holds ferritin, iron and vitamin B12, not
 * every biomarker a finger-prick can measure.
 */
export function biomarkersOrdered(items: ReadonlyArray<{ productCode: string; testId: number | null }>, kit?: KitSlug): BiomarkerSlug[] {
  const slugs = testsOfOrder(items)
    .filter((test) => kit === undefined || test.kit === kit)
    .flatMap((test) => test.biomarkers.map((biomarker) => biomarker.slug as BiomarkerSlug));
  return [...new Set(slugs)];
}

/** A result as it was entered, before its value is read: what it claims to measure, and in what unit. */
export interface EnteredResult {
  biomarker: string;
  unit: string;
}

/** How entered results stand against what was ordered. */
export interface ResultsAgainstOrder {
  /** biomarkers entered that the order (or its kit) did not buy, as entered: an unknown slug among them */
  notOrdered: string[];
  /** biomarkers ordered that have no value */
  missing: BiomarkerSlug[];
  /** ordered biomarkers entered in a unit the catalog does not take for them, with the units it takes */
  wrongUnits: { biomarker: BiomarkerSlug; unit: string; accepted: string[] }[];
}

export function compareWithOrdered(ordered: readonly BiomarkerSlug[], entered: readonly EnteredResult[]): ResultsAgainstOrder {
  const wanted = new Set<string>(ordered);
  const seen = new Set<string>();
  const notOrdered: string[] = [];
  const wrongUnits: ResultsAgainstOrder['wrongUnits'] = [];
  for (const entry of entered) {
    const slug = entry.biomarker.trim();
    const unit = entry.unit.trim();
    if (seen.has(slug)) continue;
    seen.add(slug);
    if (!wanted.has(slug)) {
      notOrdered.push(slug);
      continue;
    }
    const accepted = acceptedUnits(slug as BiomarkerSlug);
    if (!accepted.includes(unit)) wrongUnits.push({ biomarker: slug as BiomarkerSlug, unit, accepted });
  }
  return { notOrdered, missing: ordered.filter((slug) => !seen.has(slug)), wrongUnits };
}

export type ResultsRefusalCode = 'RESULTS_NOT_ORDERED' | 'RESULTS_WRONG_UNIT' | 'RESULTS_INCOMPLETE';

const isBiomarker = (slug: string): slug is BiomarkerSlug => Object.hasOwn(biomarkers, slug);
const nameOf = (slug: string) => (isBiomarker(slug) ? biomarkers[slug].title : `"${slug}"`);

/** "A", "A and B", "A, B and C". */
function listed(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * Why entered results cannot be kept, in words that name the biomarkers, or null when they are
 * exactly the ones ordered in units the catalog takes. What is not ordered is said first (a
 * result set for another test is wrong as a whole), then a unit, then what is missing.
 * `where` names what was ordered: "the Finger-prick blood kit of order #1042".
 */
export function resultsRefusal(
  comparison: ResultsAgainstOrder,
  ordered: readonly BiomarkerSlug[],
  where: string,
): { code: ResultsRefusalCode; message: string } | null {
  const orderedNames = listed(ordered.map(nameOf));
  if (comparison.notOrdered.length > 0) {
    const names = listed(comparison.notOrdered.map(nameOf));
    const verb = comparison.notOrdered.length === 1 ? 'was' : 'were';
    return {
      code: 'RESULTS_NOT_ORDERED',
      message:
        ordered.length === 0
          ? `${names} ${verb} not ordered: ${where} takes no results.`
          : `${names} ${verb} not ordered: ${where} takes results for ${orderedNames} only.`,
    };
  }
  const [wrong] = comparison.wrongUnits;
  if (wrong) {
    return {
      code: 'RESULTS_WRONG_UNIT',
      message: `${nameOf(wrong.biomarker)}: the unit must be ${wrong.accepted.join(' or ')}, not "${wrong.unit}".`,
    };
  }
  if (comparison.missing.length > 0) {
    return {
      code: 'RESULTS_INCOMPLETE',
      message: `${listed(comparison.missing.map(nameOf))} ${comparison.missing.length === 1 ? 'is' : 'are'} missing: ${where} takes results for ${orderedNames}, all at once.`,
    };
  }
  return null;
}
