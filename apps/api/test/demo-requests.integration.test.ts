import { and, asc, eq } from 'drizzle-orm';
import { auditLog, employerGroups, leads } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffVisitor, uniqueEmail, Visitor, type TestShop, shopWithOperator } from './helpers.ts';
import { postgresTestMode } from './postgres.ts';

const year = new Date().getUTCFullYear();

/** The group form as the operator completes it from a won request's suggested name and address. */
const groupFrom = (suggested: { name: string; slug: string }) => ({
  slug: suggested.slug,
  name: suggested.name,
  logoText: suggested.name.slice(0, 40),
  goals: ['fatigue'],
  coverCents: null,
  includesProgram: false,
  capEmployees: 200,
  capSpendCents: null,
  planYearStart: `${year}-01-01`,
  planYearEnd: `${year}-12-31`,
  eligibility: 'code',
});

let companies = 0;

describe('demo requests as a pipeline', () => {
  let shop: TestShop;
  let operator: Visitor;
  beforeAll(async () => {
    ({ shop, operator } = await shopWithOperator());
  });
  afterAll(() => shop.close());

  /** A visitor books a demo at /business; the request's id, as the console lists it. */
  async function demoRequestOf(company = `Bolton Logistics ${(companies += 1)}`): Promise<string> {
    const email = uniqueEmail('hr');
    const sent = await new Visitor(shop.app).post('/api/leads/business-contact', {
      firstName: 'Maya',
      lastName: 'Ortiz',
      email,
      company,
      benefitsContactName: 'Sam Reed',
      benefitsContactEmail: 'sam.reed@example.com',
      consentToBeNamed: true,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const listed = (await operator.get('/api/admin/demo-requests?status=new')).json().requests;
    const request = listed.find((row: { email: string }) => row.email === email.toLowerCase());
    expect(request).toMatchObject({ status: 'new', company, name: 'Maya Ortiz', employerGroupId: null });
    return request.id;
  }

  const move = (id: string, status: string, note?: string) =>
    operator.post(`/api/admin/demo-requests/${id}/status`, note === undefined ? { status } : { status, note });

  it('moves a request new → contacted → won with notes, each move and note audited with who and when', async () => {
    const id = await demoRequestOf('Bolton Logistics, Inc.');
    expect((await move(id, 'won')).statusCode).toBe(409);

    const contacted = await move(id, 'contacted', 'Called Maya, demo on Tuesday');
    expect(contacted.statusCode, contacted.body).toBe(200);
    expect(contacted.json()).toMatchObject({ status: 'contacted' });
    const noted = await operator.post(`/api/admin/demo-requests/${id}/notes`, { note: 'Wants codes for 200 staff' });
    expect(noted.statusCode, noted.body).toBe(200);
    expect((await operator.post(`/api/admin/demo-requests/${id}/notes`, { note: '   ' })).statusCode).toBe(400);
    const won = await move(id, 'won');
    expect(won.statusCode).toBe(200);

    const detail = (await operator.get(`/api/admin/demo-requests/${id}`)).json();
    expect(detail).toMatchObject({ status: 'won', suggestedGroup: { name: 'Bolton Logistics, Inc.', slug: 'bolton-logistics-inc' } });
    expect(detail.activity).toEqual([
      { at: expect.any(String), by: 'operator', fromStatus: 'new', toStatus: 'contacted', note: 'Called Maya, demo on Tuesday' },
      { at: expect.any(String), by: 'operator', fromStatus: null, toStatus: null, note: 'Wants codes for 200 staff' },
      { at: expect.any(String), by: 'operator', fromStatus: 'contacted', toStatus: 'won', note: null },
    ]);
    const audited = await shop.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'lead'), eq(auditLog.subjectId, id)))
      .orderBy(asc(auditLog.createdAt));
    expect(audited.map((entry) => [entry.action, entry.actorRole, entry.detail])).toEqual([
      ['demo_request.status', 'operator', { from: 'new', to: 'contacted' }],
      ['demo_request.note', 'operator', { length: 25 }],
      ['demo_request.status', 'operator', { from: 'contacted', to: 'won' }],
    ]);
    expect(audited.every((entry) => entry.actorId !== null && entry.createdAt instanceof Date)).toBe(true);

    // won is where a request ends
    const back = await move(id, 'lost');
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toBe('A demo request that is won cannot be marked lost.');
  });

  it('makes the employer group of a won request once, from the completed group form', async () => {
    const id = await demoRequestOf('Hopper Freight');
    const detail = (await operator.get(`/api/admin/demo-requests/${id}`)).json();
    // not before it is won
    expect((await operator.post(`/api/admin/demo-requests/${id}/employer-group`, groupFrom(detail.suggestedGroup))).statusCode).toBe(409);
    await move(id, 'contacted');
    await move(id, 'won');
    // the group form's own checks hold
    const bad = await operator.post(`/api/admin/demo-requests/${id}/employer-group`, { ...groupFrom(detail.suggestedGroup), goals: [] });
    expect(bad.statusCode).toBe(400);

    const created = await operator.post(`/api/admin/demo-requests/${id}/employer-group`, groupFrom(detail.suggestedGroup));
    expect(created.statusCode, created.body).toBe(201);
    const { groupId } = created.json();
    const group = (await operator.get(`/api/admin/employers/${groupId}`)).json();
    expect(group).toMatchObject({ slug: 'hopper-freight', name: 'Hopper Freight', eligibility: 'code', capEmployees: 200 });
    expect((await operator.get(`/api/admin/demo-requests/${id}`)).json()).toMatchObject({
      employerGroupId: groupId,
      activity: expect.arrayContaining([expect.objectContaining({ note: 'Employer group Hopper Freight created (/b2b/hopper-freight).' })]),
    });
    const again = await operator.post(`/api/admin/demo-requests/${id}/employer-group`, groupFrom({ name: 'Other', slug: 'other-freight' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This demo request is an employer group already.');
    expect(await shop.database.db.select().from(employerGroups).where(eq(employerGroups.slug, 'other-freight'))).toEqual([]);

    // a taken address leaves the request without a group, to try again with another
    const other = await demoRequestOf('Hopper Freight');
    await move(other, 'contacted');
    await move(other, 'won');
    const taken = await operator.post(`/api/admin/demo-requests/${other}/employer-group`, groupFrom(detail.suggestedGroup));
    expect(taken.statusCode).toBe(409);
    expect((await operator.get(`/api/admin/demo-requests/${other}`)).json().employerGroupId).toBeNull();
  });

  it('lists by status, knows only demo requests, and answers operators alone', async () => {
    const id = await demoRequestOf();
    await move(id, 'lost', 'No budget this year');
    const lost = (await operator.get('/api/admin/demo-requests?status=lost')).json().requests;
    expect(lost.map((row: { id: string }) => row.id)).toContain(id);
    expect((await operator.get('/api/admin/demo-requests?status=new')).json().requests.map((row: { id: string }) => row.id)).not.toContain(
      id,
    );
    // a lost request may be taken up again
    expect((await move(id, 'contacted')).statusCode).toBe(200);

    // another form's lead is not a demo request
    await new Visitor(shop.app).post('/api/leads/providers-contact', { firstName: 'Ann', lastName: 'Lee', email: uniqueEmail('doc') });
    const [provider] = await shop.database.db.select().from(leads).where(eq(leads.kind, 'providers_contact'));
    expect((await operator.get(`/api/admin/demo-requests/${provider!.id}`)).statusCode).toBe(404);
    expect((await move(provider!.id, 'contacted')).statusCode).toBe(404);

    for (const role of ['support', 'clinician', 'coach'] as const) {
      const staff = await staffVisitor(shop, role);
      expect((await staff.get('/api/admin/demo-requests')).statusCode, role).toBe(403);
      expect((await staff.post(`/api/admin/demo-requests/${id}/status`, { status: 'won' })).statusCode, role).toBe(403);
    }
    expect((await new Visitor(shop.app).get('/api/admin/demo-requests')).statusCode).toBe(401);
    expect((await operator.get(`/api/admin/demo-requests/${id}`)).json().status).toBe('contacted');
  });

  describe.runIf(postgresTestMode())('races', () => {
    it('makes one move of two operators moving the same request at once', async () => {
      const id = await demoRequestOf();
      await move(id, 'contacted');
      const second = await staffVisitor(shop, 'operator');
      const answers = await Promise.all([move(id, 'won'), second.post(`/api/admin/demo-requests/${id}/status`, { status: 'lost' })]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const detail = (await operator.get(`/api/admin/demo-requests/${id}`)).json();
      expect(detail.activity.filter((entry: { toStatus: string | null }) => entry.toStatus !== null)).toHaveLength(2);
    });
  });
});
