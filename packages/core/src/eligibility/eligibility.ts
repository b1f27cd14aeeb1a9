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

/**
 * The state a US ZIP code belongs to, by its first three digits. Only the ranges the shop's
 * rules need are listed; lab pick-up is refused in New York.
 */
export function isNewYorkZip(zipCode: string): boolean {
  const prefix = Number.parseInt(zipCode.slice(0, 3), 10);
  // 005 (Holtsville IRS), 063 (Fishers Island) and 100–149 are New York
  return prefix === 5 || prefix === 63 || (prefix >= 100 && prefix <= 149);
}

export function labPickUpAvailable(zipCode: string): boolean {
  return !isNewYorkZip(zipCode);
}

export const LAB_NOT_AVAILABLE_IN_NY = 'Lab Pick-Up is not available in New York. Please choose At-home Delivery.';
