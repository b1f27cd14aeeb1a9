import type { UsState } from './us-states.ts';
import { afterPaymentOf } from '../orders/samples.ts';
import { LAB_NOT_AVAILABLE_IN_NY } from './eligibility.ts';
import { stateOfZip } from './zip-states.ts';

/**
 * Where the shop may sell a test, per state of the person tested × product kind × collection
 * method. The sources, in words, are in docs/decisions/0060-where-tests-are-sold.md.
 */
type CollectionMethod = 'home' | 'lab';
const methods: readonly CollectionMethod[] = ['home', 'lab'];

/**
 * 'test': the product asks for a sample, now or later (the program's retests). 'sample_free':
 * Base Daily, the nutritional plan from the member's own labs, the coach consultation, and a
 * gift, whose recipient is asked at redemption.
 */
export type SaleKind = 'test' | 'sample_free';

export function saleKindOf(productCode: string): SaleKind {
  const after = afterPaymentOf(productCode);
  return after === 'sample' || after === 'program_later' ? 'test' : 'sample_free';
}

interface Restriction {
  /** why, in plain words, for a page */
  why: string;
  /** the rule and who says it, for the record */
  source: string;
}

const newYork: Restriction = {
  why: 'New York lets people order a lab test without their own doctor only when the FDA has cleared the test for over-the-counter use, and our tests are not cleared for that.',
  source:
    'New York Public Health Law and the Department of Health (Wadsworth Center) clinical laboratory rules; the specification refuses Lab Pick-Up in New York; peers (Labcorp Pixel, Fullscript) refuse New York',
};
const newJersey: Restriction = {
  why: "New Jersey's rules for clinical laboratories do not let people order lab tests for themselves.",
  source: 'New Jersey clinical laboratory rules (Department of Health); peers (Labcorp Pixel, Fullscript) refuse New Jersey',
};
const rhodeIsland: Restriction = {
  why: "Rhode Island's rules for clinical laboratories do not let people order lab tests for themselves.",
  source: 'Rhode Island clinical laboratory rules (Department of Health); peers (Labcorp Pixel, Fullscript) refuse Rhode Island',
};
const marylandHomeKit: Restriction = {
  why: 'Maryland asks that a sample taken there be tested by a laboratory licensed in Maryland, and the laboratory that tests our home kits is not.',
  source:
    'Maryland Health-General §17-205 (a licence for labs testing Maryland specimens) and §17-215 (tests sold to consumers must be ordered by a physician, done by a CLIA-certified lab); peers (Labcorp Pixel) refuse Maryland',
};

/**
 * The table: a test kind × method a state refuses. A state not listed, and every sample-free
 * product anywhere, is sold as before.
 */
export const saleRestrictions: Readonly<
  Partial<Record<UsState, Readonly<Record<SaleKind, Readonly<Partial<Record<CollectionMethod, Restriction>>>>>>>
> = {
  NY: { test: { home: newYork, lab: newYork }, sample_free: {} },
  NJ: { test: { home: newJersey, lab: newJersey }, sample_free: {} },
  RI: { test: { home: rhodeIsland, lab: rhodeIsland }, sample_free: {} },
  MD: { test: { home: marylandHomeKit }, sample_free: {} },
};

export const stateNames: Readonly<Record<UsState, string>> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'the District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
};

function restrictionOf(state: UsState, kind: SaleKind, method: CollectionMethod): Restriction | undefined {
  return saleRestrictions[state]?.[kind][method];
}

/** The collection methods a test may use for a person living in this state: none, one or both. */
export function allowedMethods(state: UsState): CollectionMethod[] {
  return methods.filter((method) => !restrictionOf(state, 'test', method));
}

export interface SaleRefusal {
  code: 'NOT_SOLD_IN_STATE' | 'HOME_KIT_NOT_IN_STATE' | 'LAB_NOT_AVAILABLE';
  message: string;
}

const SAMPLE_FREE_INSTEAD =
  'You can still buy Base Daily, a nutritional plan from labs you already have or a health coach consultation, or give a test as a gift to someone in another state.';

/**
 * Whether products may be sold for a person living in this state. A test is refused only where
 * no collection method is allowed; where one is (Maryland's partner labs), the collection step
 * offers that one.
 */
export function orderRefusal(state: UsState, productCodes: Iterable<string>): SaleRefusal | undefined {
  const holdsTest = [...productCodes].some((code) => saleKindOf(code) === 'test');
  if (!holdsTest || allowedMethods(state).length > 0) return undefined;
  const why = restrictionOf(state, 'test', 'home')?.why ?? '';
  return {
    code: 'NOT_SOLD_IN_STATE',
    message: `We can't sell tests to people who live in ${stateNames[state]} yet. ${why} ${SAMPLE_FREE_INSTEAD}`,
  };
}

/** What a person living in this state should know before paying, when only some collection is allowed. */
export function stateNotice(state: UsState): string | undefined {
  const allowed = allowedMethods(state);
  if (allowed.length !== 1) return undefined;
  return allowed[0] === 'lab'
    ? `In ${stateNames[state]} your sample is taken at a partner lab: we can't send home kits there.`
    : `In ${stateNames[state]} your sample is taken with a home kit: partner labs there are not available.`;
}

/**
 * What a clinic's client list says of a client living in this state, read from the table: that
 * tests may not be ordered for them and why, or the one way their sample can be taken; nothing
 * where both ways are sold.
 */
export function clinicClientNotice(state: UsState): string | undefined {
  const allowed = allowedMethods(state);
  if (allowed.length === 0) {
    const why = restrictionOf(state, 'test', 'home')?.why ?? '';
    return `Tests can't be ordered for clients who live in ${stateNames[state]}. ${why}`.trim();
  }
  if (allowed.length === 1) {
    return allowed[0] === 'lab'
      ? `In ${stateNames[state]} this client's sample is taken at a partner lab: we can't send home kits there.`
      : `In ${stateNames[state]} this client uses the at-home kit: partner labs there are not available.`;
  }
  return undefined;
}

/**
 * Whether a sample may be taken in the state of this ZIP code by this method: a home kit shipped
 * to it, or a partner lab in it. Lab Pick-Up in New York keeps the specification's words.
 */
export function collectionRefusal(zipCode: string, method: CollectionMethod): SaleRefusal | undefined {
  const state = stateOfZip(zipCode);
  if (!state) return undefined;
  const restriction = restrictionOf(state, 'test', method);
  if (!restriction) return undefined;
  const name = stateNames[state];
  if (method === 'lab') {
    if (state === 'NY') return { code: 'LAB_NOT_AVAILABLE', message: LAB_NOT_AVAILABLE_IN_NY };
    return {
      code: 'LAB_NOT_AVAILABLE',
      message: `Lab Pick-Up is not available in ${name}. ${restriction.why} Please choose a lab in another state or At-home Delivery.`,
    };
  }
  const instead = restrictionOf(state, 'test', 'lab')
    ? `Please choose an address in another state, or a partner lab outside ${name}.`
    : 'Please choose Lab Pick-Up to give your sample at a partner lab instead.';
  return { code: 'HOME_KIT_NOT_IN_STATE', message: `We can't send a home kit to ${name}. ${restriction.why} ${instead}` };
}

/** Whether a partner lab at this ZIP code may take samples: the lab search lists only these. */
export function labPickUpAvailable(zipCode: string): boolean {
  return !collectionRefusal(zipCode, 'lab');
}

/** Names joined as a sentence says them: "A", "A or B", "A, B or C". */
function listed(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/**
 * Where tests are sold, in one sentence read from the table, for the pages that say it (the
 * FAQs, the terms, how testing works): the states where no test is sold, then those where the
 * sample is taken one way only.
 */
export function whereTestsAreSold(): string {
  const states = Object.keys(saleRestrictions) as UsState[];
  const refused = states.filter((state) => allowedMethods(state).length === 0).map((state) => stateNames[state]);
  const labOnly = states.filter((state) => allowedMethods(state).join() === 'lab').map((state) => stateNames[state]);
  const homeOnly = states.filter((state) => allowedMethods(state).join() === 'home').map((state) => stateNames[state]);
  return [
    refused.length > 0 ? `We can't sell tests to people who live in ${listed(refused)}.` : '',
    labOnly.length > 0 ? `In ${listed(labOnly)} the sample is taken at a partner lab: we can't send home kits there.` : '',
    homeOnly.length > 0 ? `In ${listed(homeOnly)} the sample is taken with a home kit.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}
