import type { UsState } from './us-states.ts';

/**
 * The state of a US ZIP code, from the first three digits the Postal Service assigns to each
 * sectional centre. Territories and military post offices (PR, VI, GU, AA, AE, AP) are no state
 * the shop sells in: they have none here.
 */
type PrefixRange = readonly [first: number, last: number, state: UsState];

const ranges: readonly PrefixRange[] = [
  [5, 5, 'NY'],
  [10, 27, 'MA'],
  [28, 29, 'RI'],
  [30, 38, 'NH'],
  [39, 49, 'ME'],
  [50, 54, 'VT'],
  [55, 55, 'MA'],
  [56, 59, 'VT'],
  [60, 69, 'CT'],
  [70, 89, 'NJ'],
  [100, 149, 'NY'],
  [150, 196, 'PA'],
  [197, 199, 'DE'],
  [200, 200, 'DC'],
  [201, 201, 'VA'],
  [202, 205, 'DC'],
  [206, 219, 'MD'],
  [220, 246, 'VA'],
  [247, 268, 'WV'],
  [270, 289, 'NC'],
  [290, 299, 'SC'],
  [300, 319, 'GA'],
  [320, 339, 'FL'],
  [341, 349, 'FL'],
  [350, 369, 'AL'],
  [370, 385, 'TN'],
  [386, 397, 'MS'],
  [398, 399, 'GA'],
  [400, 427, 'KY'],
  [430, 459, 'OH'],
  [460, 479, 'IN'],
  [480, 499, 'MI'],
  [500, 528, 'IA'],
  [530, 549, 'WI'],
  [550, 567, 'MN'],
  [569, 569, 'DC'],
  [570, 577, 'SD'],
  [580, 588, 'ND'],
  [590, 599, 'MT'],
  [600, 629, 'IL'],
  [630, 658, 'MO'],
  [660, 679, 'KS'],
  [680, 693, 'NE'],
  [700, 714, 'LA'],
  [716, 729, 'AR'],
  [730, 732, 'OK'],
  [733, 733, 'TX'],
  [734, 749, 'OK'],
  [750, 799, 'TX'],
  [800, 816, 'CO'],
  [820, 831, 'WY'],
  [832, 838, 'ID'],
  [840, 847, 'UT'],
  [850, 865, 'AZ'],
  [870, 884, 'NM'],
  [885, 885, 'TX'],
  [889, 898, 'NV'],
  [900, 961, 'CA'],
  [967, 968, 'HI'],
  [970, 979, 'OR'],
  [980, 994, 'WA'],
  [995, 999, 'AK'],
];

/** Fishers Island, New York, sorts mail under a Connecticut prefix. */
const exceptions: ReadonlyMap<string, UsState> = new Map([['06390', 'NY']]);

/** The state of a 5-digit ZIP code (a ZIP+4 is read by its first five digits), or undefined when it is no state's. */
export function stateOfZip(zipCode: string): UsState | undefined {
  const zip5 = zipCode.trim().slice(0, 5);
  if (!/^\d{5}$/.test(zip5)) return undefined;
  const exception = exceptions.get(zip5);
  if (exception) return exception;
  const prefix = Number.parseInt(zip5.slice(0, 3), 10);
  return ranges.find(([first, last]) => prefix >= first && prefix <= last)?.[2];
}
