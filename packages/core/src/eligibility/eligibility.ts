import { stateOfZip } from './zip-states.ts';

/** Who may be tested and where: the rules of the specification §5, in one place. */
export const MINIMUM_AGE = 18;

/** Age in whole years on a given day, from an ISO date of birth (YYYY-MM-DD). */
export function ageOn(dateOfBirth: string, today: Date): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth);
  if (!match) throw new RangeError(`Not a date of birth: ${dateOfBirth}`);
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  let age = today.getUTCFullYear() - y;
  const beforeBirthday = today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

export function isAdult(dateOfBirth: string, today: Date): boolean {
  return ageOn(dateOfBirth, today) >= MINIMUM_AGE;
}

/** Whether a ZIP code is in New York, where the specification refuses Lab Pick-Up. */
export function isNewYorkZip(zipCode: string): boolean {
  return stateOfZip(zipCode) === 'NY';
}

export const LAB_NOT_AVAILABLE_IN_NY = 'Lab Pick-Up is not available in New York. Please choose At-home Delivery.';
