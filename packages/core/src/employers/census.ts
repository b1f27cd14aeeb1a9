import { ageOn, MINIMUM_AGE } from '../eligibility/eligibility.ts';

/** One employee of a census: named, born, and known by a work e-mail, an employee ID or both. */
export interface CensusRow {
  firstName: string;
  lastName: string;
  email: string | null;
  employeeId: string | null;
  dateOfBirth: string;
}

export type CensusParse = { ok: true; rows: CensusRow[] } | { ok: false; errors: string[] };

const columns = ['first_name', 'last_name', 'email', 'employee_id', 'date_of_birth'] as const;
export const CENSUS_HEADER = columns.join(',');
export const CENSUS_MAX_ROWS = 20_000;

/** The key an employee is known by across uploads: their employee ID, else their e-mail. */
export function censusKey(row: Pick<CensusRow, 'email' | 'employeeId'>): string {
  return row.employeeId ? `id:${row.employeeId.toLowerCase()}` : `email:${(row.email ?? '').toLowerCase()}`;
}

/** The fields of one CSV line: commas separate, double quotes enclose, `""` is a quote. */
function splitLine(line: string): string[] | undefined {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index]!;
    if (quoted) {
      if (char === '"' && line[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else field += char;
  }
  if (quoted) return undefined;
  fields.push(field);
  return fields.map((value) => value.trim());
}

function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Reads a census as the employer uploads it: the header `first_name,last_name,email,employee_id,date_of_birth`,
 * then one employee a line. Any malformed line, a duplicate employee or a minor refuses the whole
 * file with every reason, by line number: a census is taken whole or not at all.
 */
export function parseCensus(text: string, today: Date): CensusParse {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  while (lines.length > 0 && lines.at(-1)!.trim() === '') lines.pop();
  const header = splitLine(lines[0] ?? '')?.map((name) => name.toLowerCase());
  if (!header || header.join(',') !== CENSUS_HEADER) {
    return { ok: false, errors: [`The first line must be the header ${CENSUS_HEADER}`] };
  }
  if (lines.length - 1 > CENSUS_MAX_ROWS) return { ok: false, errors: [`A census holds at most ${CENSUS_MAX_ROWS} employees`] };
  const errors: string[] = [];
  const rows: CensusRow[] = [];
  const seen = new Map<string, number>();
  for (let index = 1; index < lines.length; index += 1) {
    const number = index + 1;
    const line = lines[index]!;
    if (line.trim() === '') {
      errors.push(`Line ${number} is empty`);
      continue;
    }
    const fields = splitLine(line);
    if (!fields || fields.length !== columns.length) {
      errors.push(`Line ${number} should have ${columns.length} fields separated by commas`);
      continue;
    }
    const [firstName, lastName, email, employeeId, dateOfBirth] = fields as [string, string, string, string, string];
    const problems: string[] = [];
    if (!firstName || !lastName) problems.push('a first and a last name');
    if (!email && !employeeId) problems.push('an e-mail or an employee ID');
    if (email && !emailPattern.test(email)) problems.push('a valid e-mail');
    if (!isRealDate(dateOfBirth)) problems.push('a date of birth as YYYY-MM-DD');
    if (problems.length > 0) {
      errors.push(`Line ${number} needs ${problems.join(', ')}`);
      continue;
    }
    if (dateOfBirth > today.toISOString().slice(0, 10) || ageOn(dateOfBirth, today) < MINIMUM_AGE) {
      errors.push(`Line ${number}: ${firstName} ${lastName} is under ${MINIMUM_AGE}; tests are for adults only`);
      continue;
    }
    const row: CensusRow = { firstName, lastName, email: email ? email.toLowerCase() : null, employeeId: employeeId || null, dateOfBirth };
    const key = censusKey(row);
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      errors.push(`Line ${number} repeats the employee of line ${earlier}`);
      continue;
    }
    seen.set(key, number);
    rows.push(row);
  }
  if (rows.length === 0 && errors.length === 0) errors.push('The census lists no employee');
  return errors.length > 0 ? { ok: false, errors } : { ok: true, rows };
}

/** What an upload would change: who joins, who leaves, whose details change, who stays as they are. */
export interface CensusChanges {
  added: CensusRow[];
  removed: CensusRow[];
  changed: CensusRow[];
  unchanged: number;
}

export function censusChanges(current: readonly CensusRow[], next: readonly CensusRow[]): CensusChanges {
  const before = new Map(current.map((row) => [censusKey(row), row]));
  const added: CensusRow[] = [];
  const changed: CensusRow[] = [];
  let unchanged = 0;
  for (const row of next) {
    const old = before.get(censusKey(row));
    before.delete(censusKey(row));
    if (!old) added.push(row);
    else if (
      old.firstName !== row.firstName ||
      old.lastName !== row.lastName ||
      old.dateOfBirth !== row.dateOfBirth ||
      old.email !== row.email ||
      old.employeeId !== row.employeeId
    )
      changed.push(row);
    else unchanged += 1;
  }
  return { added, removed: [...before.values()], changed, unchanged };
}

/** Whether what an employee typed names a census row: the same names (any case), birthday, and e-mail or employee ID. */
export function matchesCensusRow(
  row: CensusRow,
  typed: { firstName: string; lastName: string; dateOfBirth: string; emailOrEmployeeId: string },
): boolean {
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  const id = typed.emailOrEmployeeId.trim().toLowerCase();
  return (
    same(row.firstName, typed.firstName) &&
    same(row.lastName, typed.lastName) &&
    row.dateOfBirth === typed.dateOfBirth &&
    (row.email === id || (row.employeeId !== null && row.employeeId.toLowerCase() === id))
  );
}
