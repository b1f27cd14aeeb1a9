import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealCensusInClear } from '../src/employers/census-seal.ts';
import { employerHelpers } from './employer-helpers.ts';
import { type TestShop, type Visitor, shopWithOperator } from './helpers.ts';

const census = [
  'first_name,last_name,email,employee_id,date_of_birth',
  'Ada,Lovelace,ada@acme.test,,1985-12-10',
  'Alan,Turing,,EMP-42X,1982-06-23',
].join('\n');
/**
 * The census's values long enough not to turn up by chance in a ciphertext or digest: none may sit
 * anywhere in the table (the short first names are checked by their columns being empty).
 */
const clearValues = ['Lovelace', 'ada@acme.test', 'Turing', 'EMP-42X', '1985-12-10', '1982-06-23'];
const clearColumns = ['first_name', 'last_name', 'email', 'employee_id', 'date_of_birth'];

const ada = { method: 'census', firstName: 'ADA', lastName: 'lovelace', dateOfBirth: '1985-12-10', emailOrEmployeeId: ' Ada@Acme.test' };
const alan = { method: 'census', firstName: 'Alan', lastName: 'Turing', dateOfBirth: '1982-06-23', emailOrEmployeeId: 'emp-42x' };

describe('census rows sealed at rest (decision 0057)', () => {
  let shop: TestShop;
  let operator: Visitor;
  beforeAll(async () => {
    ({ shop, operator } = await shopWithOperator());
  });
  afterAll(() => shop.close());
  const { createGroup, signedUpEmployee } = employerHelpers(
    () => shop,
    () => operator,
  );

  /** The group's census rows as the database holds them, every column as text, read past the shop's code. */
  async function storedRows(groupId: string) {
    const result = await shop.database.db.execute(sql`select * from employer_census_members where group_id = ${groupId}`);
    const rows = ((result as { rows?: unknown[] }).rows ?? (result as unknown[])) as Record<string, unknown>[];
    expect(rows.length).toBeGreaterThan(0);
    return { rows, text: JSON.stringify(rows).toLowerCase() };
  }
  async function expectSealed(groupId: string, values: string[]) {
    const { rows, text } = await storedRows(groupId);
    for (const value of values) expect(text).not.toContain(value.toLowerCase());
    for (const row of rows) {
      for (const column of clearColumns) expect(row[column], column).toBeNull();
      expect(row.sealed).toEqual(expect.any(String));
    }
  }

  const prove = async (slug: string, proof: typeof ada) =>
    (await signedUpEmployee()).post(`/api/employers/${slug}/eligibility`, { goal: 'fatigue', proof });

  it('keeps no name, e-mail, employee ID or birth date of an uploaded census in clear, and still finds each employee', async () => {
    const id = await createGroup('sealed-census');
    expect((await operator.post(`/api/admin/employers/${id}/census`, { csv: census, dryRun: false })).statusCode).toBe(200);
    await expectSealed(id, clearValues);

    expect((await prove('sealed-census', ada)).statusCode).toBe(200);
    expect((await prove('sealed-census', alan)).statusCode).toBe(200);
    const wrongBirthday = await prove('sealed-census', { ...ada, dateOfBirth: '1985-12-11' });
    expect(wrongBirthday.statusCode).toBe(403);

    // a second upload compares against the sealed rows: nothing changed, nothing added
    const again = await operator.post(`/api/admin/employers/${id}/census`, { csv: census, dryRun: true });
    expect(again.json()).toMatchObject({ added: 0, removed: 0, changed: 0, unchanged: 2 });
  });

  it('seals a row written in clear before migration 0042, once, and the employee is still found', async () => {
    const id = await createGroup('clear-census');
    await shop.database.db.execute(sql`
      insert into employer_census_members (group_id, member_key, first_name, last_name, email, employee_id, date_of_birth, added_in_version)
      values (${id}, 'email:ada@acme.test', 'Ada', 'Lovelace', 'ada@acme.test', null, '1985-12-10', 1)`);
    expect((await storedRows(id)).text).toContain('lovelace');

    expect(await sealCensusInClear(shop.database.db, shop.app.census)).toBe(1);
    expect(await sealCensusInClear(shop.database.db, shop.app.census)).toBe(0);
    await expectSealed(id, ['Lovelace', 'ada@acme.test', '1985-12-10']);
    expect((await prove('clear-census', ada)).statusCode).toBe(200);
  });
});
