import { and, eq, sql } from 'drizzle-orm';
import { auditLog, employerCensusMembers, employerCensusUploads, employerCodes } from '@shop/db';
import { employerPortalMessages } from '@shop/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employerHelpers } from './employer-helpers.ts';
import { uniqueEmail, Visitor, type TestShop, everyConsent, shopWithOperator } from './helpers.ts';

const year = new Date().getUTCFullYear();
const header = 'first_name,last_name,email,employee_id,date_of_birth';
const census = [header, 'Ada,Lovelace,ada@acme.test,,1985-12-10', 'Alan,Turing,,E-42,1982-06-23'].join('\n');
const minorBirthday = `${year - 10}-03-01`;

describe('the employer portal’s census and codes', () => {
  let shop: TestShop;
  let operator: Visitor;
  const db = () => shop.database.db;
  beforeAll(async () => {
    ({ shop, operator } = await shopWithOperator());
  });
  afterAll(() => shop.close());

  const helpers = employerHelpers(
    () => shop,
    () => operator,
  );
  const { employerAdmin } = helpers;

  const createGroup = (slug: string, eligibility: 'census' | 'code') => helpers.createGroup(slug, { eligibility });

  const membersOf = (groupId: string) => db().select().from(employerCensusMembers).where(eq(employerCensusMembers.groupId, groupId));
  const uploadsOf = (groupId: string) => db().select().from(employerCensusUploads).where(eq(employerCensusUploads.groupId, groupId));

  it('lets an admin check a census (nothing changes), then upload it as the next version, audited as theirs', async () => {
    const id = await createGroup('portal-census', 'census');
    const { admin, email } = await employerAdmin(id);
    expect((await admin.get('/api/business/census')).json()).toEqual({ version: 0, rowCount: 0, uploadedAt: null, uploadedBy: null });

    const dry = await admin.post('/api/business/census', { csv: census, dryRun: true });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({ applied: false, version: 0, added: 2, removed: 0, changed: 0, unchanged: 0 });
    expect(await membersOf(id)).toEqual([]);
    expect(await uploadsOf(id)).toEqual([]);

    const first = await admin.post('/api/business/census', { csv: census, dryRun: false });
    expect(first.json()).toMatchObject({ applied: true, version: 1, added: 2 });
    // Alan leaves, Grace joins, Ada stays
    const next = [header, 'Ada,Lovelace,ada@acme.test,,1985-12-10', 'Grace,Hopper,grace@acme.test,E-7,1976-12-09'].join('\n');
    const second = await admin.post('/api/business/census', { csv: next, dryRun: false });
    expect(second.json()).toMatchObject({ applied: true, version: 2, added: 1, removed: 1, unchanged: 1 });
    expect((await uploadsOf(id)).map((upload) => upload.version).sort()).toEqual([1, 2]);

    const status = (await admin.get('/api/business/census')).json();
    expect(status).toMatchObject({ version: 2, rowCount: 2, uploadedBy: email });
    expect(Date.parse(status.uploadedAt)).toBeGreaterThan(Date.now() - 60_000);
    const audited = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, id), eq(auditLog.action, 'employer_group.census_upload')));
    expect(audited).toHaveLength(2);
    expect(audited[0]).toMatchObject({ actorRole: 'employer_admin' });

    // an upload by Base's staff names no operator in the portal
    await operator.post(`/api/admin/employers/${id}/census`, { csv: census, dryRun: false });
    expect((await admin.get('/api/business/census')).json()).toMatchObject({ version: 3, uploadedBy: 'Base' });
  });

  it('refuses a malformed census, a duplicate row or a minor with every reason at its line, and changes nothing', async () => {
    const id = await createGroup('portal-census-bad', 'census');
    const { admin } = await employerAdmin(id);
    expect((await admin.post('/api/business/census', { csv: census, dryRun: false })).statusCode).toBe(200);
    const before = await membersOf(id);

    const cases: [string, { line: number | null; message: RegExp }[]][] = [
      ['name;surname\nAda;Lovelace', [{ line: 1, message: /The first line must be the header/ }]],
      [`${census}\nAda,Lovelace,ada@acme.test,,1985-12-10`, [{ line: 4, message: /^Line 4 repeats the employee of line 2$/ }]],
      [`${census}\nKid,Young,kid@acme.test,,${minorBirthday}`, [{ line: 4, message: /Kid Young is under 18/ }]],
      [
        `${census}\nNo,Date,no@acme.test,,12/01/1980\nToo,Few,few@acme.test`,
        [
          { line: 4, message: /Line 4 needs a date of birth as YYYY-MM-DD/ },
          { line: 5, message: /Line 5 should have 5 fields/ },
        ],
      ],
    ];
    for (const [csv, problems] of cases) {
      for (const dryRun of [true, false]) {
        const response = await admin.post('/api/business/census', { csv, dryRun });
        expect(response.statusCode, csv).toBe(422);
        expect(response.json()).toMatchObject({ code: 'CENSUS_INVALID', message: expect.stringMatching(/^The census was not changed/) });
        const got = response.json().problems as { line: number | null; message: string }[];
        expect(got).toHaveLength(problems.length);
        problems.forEach((problem, index) => {
          expect(got[index]!.line).toBe(problem.line);
          expect(got[index]!.message).toMatch(problem.message);
        });
      }
    }
    expect(await membersOf(id)).toEqual(before);
    expect((await uploadsOf(id)).map((upload) => upload.version)).toEqual([1]);
    // a strict body: no group id may ride along
    expect((await admin.post('/api/business/census', { csv: census, dryRun: true, groupId: id })).statusCode).toBe(400);
  });

  it('refuses the same bad batches of codes in the console as in the portal, with the same message, minting nothing', async () => {
    const id = await createGroup('console-codes', 'code');
    const { admin } = await employerAdmin(id);
    const badBodies = [{ count: 0 }, { count: 501 }, { count: 2.5 }, { count: '3' }, {}, { count: 3, groupId: id }];
    for (const body of badBodies) {
      const fromConsole = await operator.post(`/api/admin/employers/${id}/codes`, body);
      const fromPortal = await admin.post('/api/business/codes', body);
      expect(fromConsole.statusCode, JSON.stringify(body)).toBe(400);
      expect(fromPortal.statusCode, JSON.stringify(body)).toBe(400);
      expect(fromConsole.json().message, JSON.stringify(body)).toBe(fromPortal.json().message);
    }
    for (const count of [0, 501, 2.5]) {
      expect((await operator.post(`/api/admin/employers/${id}/codes`, { count })).json().message).toContain(
        employerPortalMessages.codesCount,
      );
    }
    expect(await db().select().from(employerCodes).where(eq(employerCodes.groupId, id))).toEqual([]);
    expect((await operator.post(`/api/admin/employers/${id}/codes`, { count: 500 })).statusCode).toBe(201);
  });

  it('mints single-use codes shown once, and lists batches with small use counts as “fewer than 5”', async () => {
    const id = await createGroup('portal-codes', 'code');
    const { admin } = await employerAdmin(id);
    expect((await admin.post('/api/business/codes', { count: 0 })).statusCode).toBe(400);
    expect((await admin.post('/api/business/codes', { count: 501 })).statusCode).toBe(400);
    const minted = await admin.post('/api/business/codes', { count: 3 });
    expect(minted.statusCode, minted.body).toBe(201);
    const { batch, codes } = minted.json<{ batch: number; codes: string[] }>();
    expect(batch).toBe(1);
    expect(new Set(codes).size).toBe(3);
    // kept as hashes only
    const stored = await db().select().from(employerCodes).where(eq(employerCodes.groupId, id));
    expect(stored).toHaveLength(3);
    expect(JSON.stringify(stored)).not.toContain(codes[0]!.replace(/-/g, ''));

    const employee = new Visitor(shop.app);
    expect((await employee.post('/api/checkout/account', { email: uniqueEmail('employee'), password: 'Sup3r-secret!' })).statusCode).toBe(
      200,
    );
    const proof = { method: 'code', code: codes[0] };
    expect((await employee.post('/api/employers/portal-codes/eligibility', { goal: 'fatigue', proof })).statusCode).toBe(200);
    expect(
      (await employee.post('/api/checkout/orders', { testedState: 'TX', consents: everyConsent, paymentMethod: 'covered' })).statusCode,
    ).toBe(201);
    const another = new Visitor(shop.app);
    expect((await another.post('/api/checkout/account', { email: uniqueEmail('employee'), password: 'Sup3r-secret!' })).statusCode).toBe(
      200,
    );
    const reused = await another.post('/api/employers/portal-codes/eligibility', { goal: 'fatigue', proof });
    expect(reused.statusCode).toBe(409);

    const listed = await admin.get('/api/business/codes');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().batches).toEqual([{ batch: 1, createdAt: expect.any(String), size: 3, used: 'fewer than 5' }]);
    expect(listed.body).not.toContain(codes[1]!);
    const used = (await db().select().from(employerCodes).where(eq(employerCodes.groupId, id))).filter((code) => code.usedByUserId);
    expect(used).toHaveLength(1);

    // from 5 codes used by the end of a month on, the count is shown as it is (decision 0057)
    const second = await admin.post('/api/business/codes', { count: 6 });
    expect(second.json().batch).toBe(2);
    const secondBatch = await db()
      .select()
      .from(employerCodes)
      .where(and(eq(employerCodes.groupId, id), eq(employerCodes.batch, 2)));
    const lastMonth = sql`date_trunc('month', now()) - interval '15 days'`;
    for (const code of secondBatch.slice(0, 5)) {
      await db()
        .update(employerCodes)
        .set({ usedByUserId: used[0]!.usedByUserId, usedAt: new Date() })
        .where(eq(employerCodes.id, code.id));
    }
    // used this month: not counted until the month ends
    expect((await admin.get('/api/business/codes')).json().batches[0]).toMatchObject({ batch: 2, used: 'fewer than 5' });
    await db()
      .update(employerCodes)
      .set({ createdAt: lastMonth, usedAt: sql`case when ${employerCodes.usedAt} is null then null else ${lastMonth} end` })
      .where(and(eq(employerCodes.groupId, id), eq(employerCodes.batch, 2)));
    expect((await admin.get('/api/business/codes')).json().batches).toEqual([
      { batch: 2, createdAt: expect.any(String), size: 6, used: '5' },
      { batch: 1, createdAt: expect.any(String), size: 3, used: 'fewer than 5' },
    ]);

    // a group that proves eligibility by census has no codes
    const censusGroup = await createGroup('portal-codes-census', 'census');
    const { admin: censusAdmin } = await employerAdmin(censusGroup);
    expect((await censusAdmin.post('/api/business/codes', { count: 2 })).statusCode).toBe(409);
    expect((await admin.post('/api/business/census', { csv: census, dryRun: true })).statusCode).toBe(409);
  });

  it('answers only the admin’s own group: others get 401 or 403, and nothing reaches another group', async () => {
    const id = await createGroup('portal-mine', 'census');
    const otherId = await createGroup('portal-theirs', 'census');
    const { admin } = await employerAdmin(id);
    const { admin: otherAdmin } = await employerAdmin(otherId);
    expect((await otherAdmin.post('/api/business/census', { csv: census, dryRun: false })).statusCode).toBe(200);

    const customer = new Visitor(shop.app);
    expect((await customer.post('/api/checkout/account', { email: uniqueEmail('customer'), password: 'Sup3r-secret!' })).statusCode).toBe(
      200,
    );
    const anonymous = new Visitor(shop.app);
    const invited = new Visitor(shop.app);
    const invitedEmail = uniqueEmail('hr');
    expect((await operator.post(`/api/admin/employers/${id}/admins`, { email: invitedEmail })).statusCode).toBe(201);
    expect((await invited.post('/api/checkout/account', { email: invitedEmail, password: 'Sup3r-secret!' })).statusCode).toBe(200);

    const routes = [
      ['GET', '/api/business/census', undefined],
      ['POST', '/api/business/census', { csv: census, dryRun: false }],
      ['GET', '/api/business/codes', undefined],
      ['POST', '/api/business/codes', { count: 2 }],
    ] as const;
    for (const [method, url, payload] of routes) {
      const as = (visitor: Visitor) => visitor.request({ method, url, ...(payload ? { payload } : {}) });
      expect((await as(anonymous)).statusCode, `${method} ${url}`).toBe(401);
      expect((await as(customer)).statusCode, `${method} ${url}`).toBe(403);
      // invited, not yet accepted: no group is theirs
      expect((await as(invited)).statusCode, `${method} ${url}`).toBe(403);
    }
    // no group id is taken: not in a path, a query or a body
    for (const url of [`/api/business/census/${otherId}`, `/api/business/groups/${otherId}/census`]) {
      expect((await admin.get(url)).statusCode, url).toBe(404);
    }
    expect((await admin.get(`/api/business/census?groupId=${otherId}`)).json()).toMatchObject({ version: 0, rowCount: 0 });
    expect((await admin.post(`/api/admin/employers/${otherId}/census`, { csv: census, dryRun: false })).statusCode).toBe(403);
    // the admin's uploads land in their own group only
    expect(
      (await admin.post('/api/business/census', { csv: header + '\nZed,Zeta,zed@acme.test,,1970-01-01', dryRun: false })).statusCode,
    ).toBe(200);
    const lastNames = async (groupId: string) => (await membersOf(groupId)).map((member) => shop.app.census.open(member).lastName).sort();
    expect(await lastNames(otherId)).toEqual(['Lovelace', 'Turing']);
    expect(await lastNames(id)).toEqual(['Zeta']);
    expect((await otherAdmin.get('/api/business/census')).json()).toMatchObject({ version: 1, rowCount: 2 });
  });
});
