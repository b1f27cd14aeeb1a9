import { eq } from 'drizzle-orm';
import { employerCensusMembers, employerCensusUploads, employerCoveredOrders, orders } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employerHelpers, groupSettings, racingCheckouts } from './employer-helpers.ts';
import { mailbox, paymentMethod, staffVisitor, uniqueEmail, Visitor, type TestShop, everyConsent, shopWithOperator } from './helpers.ts';

const year = new Date().getUTCFullYear();

const census = [
  'first_name,last_name,email,employee_id,date_of_birth',
  'Ada,Lovelace,ada@acme.test,,1985-12-10',
  'Alan,Turing,,E-42,1982-06-23',
  'Grace,Hopper,grace@acme.test,E-7,1976-12-09',
].join('\n');

const ada = { method: 'census', firstName: 'ada', lastName: 'LOVELACE', dateOfBirth: '1985-12-10', emailOrEmployeeId: 'Ada@acme.test' };

describe('employer groups and covered checkout', () => {
  let shop: TestShop;
  let operator: Visitor;
  beforeAll(async () => {
    ({ shop, operator } = await shopWithOperator());
  });
  afterAll(() => shop.close());

  const { createGroup, signedUpEmployee: employee } = employerHelpers(
    () => shop,
    () => operator,
  );

  it('serves the seeded groups with their three goals, and no other', async () => {
    for (const slug of ['bolton', 'trialmember']) {
      const response = await new Visitor(shop.app).get(`/api/employers/${slug}`);
      expect(response.statusCode).toBe(200);
      expect(response.json().goals.map((goal: { slug: string }) => goal.slug)).toEqual(['preventative-health', 'fatigue', 'mental-health']);
    }
    expect((await new Visitor(shop.app).get('/api/employers/acme')).statusCode).toBe(404);
  });

  it('lets operators alone set up groups, one per slug', async () => {
    const support = await staffVisitor(shop, 'support');
    expect((await support.post('/api/admin/employers', groupSettings('by-support'))).statusCode).toBe(403);
    expect((await new Visitor(shop.app).post('/api/admin/employers', groupSettings('by-stranger'))).statusCode).toBe(401);
    await createGroup('setup');
    const again = await operator.post('/api/admin/employers', groupSettings('setup'));
    expect(again.statusCode).toBe(409);
    expect((await operator.post('/api/admin/employers', groupSettings('Bad Slug'))).statusCode).toBe(400);
  });

  it('refuses a malformed census, a duplicate employee or a minor whole, and says why', async () => {
    const id = await createGroup('census-bad');
    const minorBirthday = `${year - 10}-01-01`;
    const cases: [string, RegExp][] = [
      ['name,email\nAda,ada@acme.test', /first line must be the header/],
      [`${census}\nAda,Lovelace,ada@acme.test,,1985-12-10`, /Line 5 repeats the employee of line 2/],
      [`${census}\nKid,Young,kid@acme.test,,${minorBirthday}`, /Kid Young is under 18/],
      [`${census}\nNo,Date,no@acme.test,,12/01/1980`, /Line 5 needs a date of birth/],
    ];
    for (const [csv, message] of cases) {
      const response = await operator.post(`/api/admin/employers/${id}/census`, { csv, dryRun: false });
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toMatch(message);
    }
    expect(await shop.database.db.select().from(employerCensusMembers).where(eq(employerCensusMembers.groupId, id))).toEqual([]);
    expect(await shop.database.db.select().from(employerCensusUploads).where(eq(employerCensusUploads.groupId, id))).toEqual([]);
  });

  it('shows a dry run, then versions each upload; who leaves is marked, not deleted', async () => {
    const id = await createGroup('census-versions');
    const dry = await operator.post(`/api/admin/employers/${id}/census`, { csv: census, dryRun: true });
    expect(dry.json()).toMatchObject({ applied: false, version: 0, added: 3, removed: 0 });
    expect(await shop.database.db.select().from(employerCensusMembers).where(eq(employerCensusMembers.groupId, id))).toEqual([]);
    const first = await operator.post(`/api/admin/employers/${id}/census`, { csv: census, dryRun: false });
    expect(first.json()).toMatchObject({ applied: true, version: 1, added: 3 });
    const next = census
      .split('\n')
      .filter((line) => !line.startsWith('Alan'))
      .join('\n')
      .replace('1976-12-09', '1976-12-10');
    const second = await operator.post(`/api/admin/employers/${id}/census`, { csv: next, dryRun: false });
    expect(second.json()).toMatchObject({ applied: true, version: 2, added: 0, removed: 1, changed: 1, unchanged: 1 });
    const members = await shop.database.db.select().from(employerCensusMembers).where(eq(employerCensusMembers.groupId, id));
    expect(members.find((member) => shop.app.census.open(member).lastName === 'Turing')?.removedInVersion).toBe(2);
    expect((await operator.get(`/api/admin/employers/${id}`)).json()).toMatchObject({ census: 2, censusVersion: 2 });
  });

  it('gives an employee on the census a $0 covered order, once a plan year; others are told why', async () => {
    const id = await createGroup('covered');
    await operator.post(`/api/admin/employers/${id}/census`, { csv: census, dryRun: false });
    const worker = await employee();
    const proven = await worker.post('/api/employers/covered/eligibility', { goal: 'fatigue', proof: ada });
    expect(proven.statusCode, proven.body).toBe(200);
    const cart = (await worker.get('/api/cart')).json();
    expect(cart.items.map((item: { testId: number }) => item.testId)).toEqual([68]);
    expect(cart.cover).toMatchObject({ employer: 'Acme covered', coveredCents: 7995 });
    expect(cart.display.total).toBe('$0.00');

    const placed = await worker.post(
      '/api/checkout/orders',
      { testedState: 'TX', consents: everyConsent, paymentMethod: 'covered' },
      { 'idempotency-key': crypto.randomUUID() },
    );
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().order).toMatchObject({ status: 'collection_pending', total: '$0.00' });
    // the medical profile starts from the census line the employee proved, not asked again
    expect((await worker.get('/api/account/profile')).json().suggested).toMatchObject({
      fullName: 'Ada Lovelace',
      dateOfBirth: '1985-12-10',
    });
    const [covered] = await shop.database.db
      .select()
      .from(employerCoveredOrders)
      .where(eq(employerCoveredOrders.orderId, placed.json().order.id));
    expect(covered).toMatchObject({ groupId: id, coveredCents: 7995 });

    const again = await worker.post('/api/employers/covered/eligibility', { goal: 'mental-health', proof: ada });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already used your covered test for this plan year.');

    // the same census line cannot be claimed by a second account
    const other = await employee();
    expect((await other.post('/api/employers/covered/eligibility', { goal: 'fatigue', proof: ada })).json().code).toBe('CENSUS_TAKEN');
    const stranger = await other.post('/api/employers/covered/eligibility', { goal: 'fatigue', proof: { ...ada, firstName: 'Eve' } });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().message).toMatch(/could not find you on your employer’s list/);
    expect((await other.post('/api/employers/covered/eligibility', { goal: 'preventative-health', proof: ada })).statusCode).toBe(400);
  });

  it('uses each code once, and takes the rest of a partial cover by card', async () => {
    const id = await createGroup('coded', { eligibility: 'code', coverCents: 5000 });
    const minted = await operator.post(`/api/admin/employers/${id}/codes`, { count: 3 });
    expect(minted.statusCode).toBe(201);
    const codes: string[] = minted.json().codes;
    expect(new Set(codes).size).toBe(3);
    expect((await operator.get(`/api/admin/employers/${id}`)).json()).toMatchObject({ codes: 3, codesUsed: 0 });

    const worker = await employee();
    const proof = { method: 'code', code: codes[0]!.toLowerCase() };
    expect((await worker.post('/api/employers/coded/eligibility', { goal: 'fatigue', proof })).statusCode).toBe(200);
    const cart = (await worker.get('/api/cart')).json();
    expect(cart.cover).toMatchObject({ coveredCents: 5000, display: '$50.00' });
    expect(cart.totalCents).toBe(7995 - 5000);
    const placed = await worker.post('/api/checkout/orders', {
      testedState: 'TX',
      consents: everyConsent,
      paymentMethod: await paymentMethod(worker),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().order).toMatchObject({ status: 'collection_pending', total: '$29.95' });

    const other = await employee();
    const reused = await other.post('/api/employers/coded/eligibility', { goal: 'fatigue', proof });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toMatch(/already been used/);
    expect(
      (await other.post('/api/employers/coded/eligibility', { goal: 'fatigue', proof: { method: 'code', code: 'ZZZZ-ZZZZ-ZZZZ-ZZZZ' } }))
        .statusCode,
    ).toBe(403);
    expect((await operator.get(`/api/admin/employers/${id}`)).json()).toMatchObject({ codesUsed: 1, covered: 1 });
  });

  it('keeps a returning employee’s cover on another device: the account page says where it stands, the cart follows', async () => {
    const id = await createGroup('returning', { eligibility: 'code' });
    const minted = await operator.post(`/api/admin/employers/${id}/codes`, { count: 1 });
    const email = uniqueEmail('returning');
    const first = new Visitor(shop.app);
    expect((await first.post('/api/checkout/account', { email, password: 'Sup3r-secret!' })).statusCode).toBe(200);
    expect((await first.get('/api/employers/my-covers')).json()).toEqual({ covers: [] });
    const proof = { method: 'code', code: minted.json().codes[0] };
    expect((await first.post('/api/employers/returning/eligibility', { goal: 'fatigue', proof })).statusCode).toBe(200);

    // another browser: no cart cookie, the same account
    const second = new Visitor(shop.app);
    expect((await second.post('/api/auth/sign-in/email', { email, password: 'Sup3r-secret!' })).statusCode).toBe(200);
    expect((await second.get('/api/employers/my-covers')).json()).toEqual({
      covers: [{ employer: 'Acme returning', slug: 'returning', state: 'in-cart' }],
    });
    const cart = await second.get('/api/cart');
    expect(cart.json().cover).toMatchObject({ employer: 'Acme returning', coveredCents: 7995 });
    expect(cart.cookies.map((cookie) => cookie.name)).toContain('shop_cart');
    const placed = await second.post(
      '/api/checkout/orders',
      { testedState: 'TX', consents: everyConsent, paymentMethod: 'covered' },
      { 'idempotency-key': crypto.randomUUID() },
    );
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await first.get('/api/employers/my-covers')).json().covers).toEqual([
      { employer: 'Acme returning', slug: 'returning', state: 'used' },
    ]);
    // someone else's cart never follows: a stranger signed in sees their own, empty one
    const stranger = await employee();
    expect((await stranger.get('/api/cart')).json().items).toEqual([]);
    expect((await new Visitor(shop.app).get('/api/employers/my-covers')).statusCode).toBe(401);
  });

  it('covers one order of one employee whatever races: 20 checkouts from 20 carts make one order', async () => {
    const id = await createGroup('racing');
    await operator.post(`/api/admin/employers/${id}/census`, { csv: census, dryRun: false });
    const worker = await employee();
    const carts: string[] = [];
    for (let index = 0; index < 20; index += 1) {
      const proven = await worker.post('/api/employers/racing/eligibility', { goal: 'fatigue', proof: ada });
      expect(proven.statusCode).toBe(200);
      carts.push(worker.cookie('shop_cart'));
    }
    const responses = await racingCheckouts(worker, carts, 'covered');
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    const covered = await shop.database.db.select().from(employerCoveredOrders).where(eq(employerCoveredOrders.groupId, id));
    expect(covered).toHaveLength(1);
    const placed = await shop.database.db.select().from(orders).where(eq(orders.id, covered[0]!.orderId));
    expect(placed[0]?.status).toBe('collection_pending');
  });

  it('lets an invited employer admin see their own group in aggregate, and nobody’s order, results or profile', async () => {
    const id = await createGroup('portal');
    await operator.post(`/api/admin/employers/${id}/census`, { csv: census, dryRun: false });
    const otherId = await createGroup('portal-other');
    const worker = await employee();
    await worker.post('/api/employers/portal/eligibility', { goal: 'fatigue', proof: ada });
    const placed = await worker.post('/api/checkout/orders', { testedState: 'TX', consents: everyConsent, paymentMethod: 'covered' });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId: string = placed.json().order.id;

    const email = uniqueEmail('hr');
    expect((await operator.post(`/api/admin/employers/${id}/admins`, { email })).statusCode).toBe(201);
    const [invitation] = await mailbox(shop, email);
    const token = /token=([\w-]+)/.exec(invitation!.text)?.[1];
    expect(token).toBeDefined();
    const admin = new Visitor(shop.app);
    expect((await admin.post('/api/checkout/account', { email, password: 'Sup3r-secret!' })).statusCode).toBe(200);
    // before accepting, the portal is closed to them
    expect((await admin.get('/api/business/portal')).statusCode).toBe(403);
    // the link is the invited address's alone, and works once
    expect((await worker.post('/api/employer-invitations/accept', { token })).statusCode).toBe(403);
    expect((await admin.post('/api/employer-invitations/accept', { token })).statusCode).toBe(200);
    expect((await admin.post('/api/employer-invitations/accept', { token })).statusCode).toBe(410);

    const portal = await admin.get('/api/business/portal');
    expect(portal.statusCode, portal.body).toBe(200);
    expect(portal.json()).toEqual({
      group: expect.objectContaining({ name: 'Acme portal', slug: 'portal' }),
      bankStatements: [],
      // the plan year's last ended month, or null in its first month
      figuresAsOf: portal.json().figuresAsOf === null ? null : expect.stringMatching(/^\d{4}-\d{2}-01T00:00:00\.000Z$/),
      figures: {
        eligible: 'fewer than 5',
        enrolled: 'fewer than 5',
        ordered: 'fewer than 5',
        kitsReturned: 'fewer than 5',
        resultsReady: 'fewer than 5',
        programStarted: 'fewer than 5',
      },
    });
    // nothing of a person, by any route: orders, results, profiles, the console
    expect(portal.body).not.toMatch(/Lovelace|ada@acme|@example\.com/);
    for (const url of [`/api/orders/${orderId}`, `/api/orders/${orderId}/results`, `/api/orders/${orderId}/results.pdf`]) {
      expect((await admin.get(url)).statusCode, url).toBe(404);
    }
    for (const url of [
      `/api/admin/orders/${orderId}`,
      '/api/admin/customers',
      `/api/admin/employers/${otherId}`,
      `/api/admin/employers/${id}`,
    ]) {
      expect((await admin.get(url)).statusCode, url).toBe(403);
    }
    expect((await admin.get('/api/orders')).json().orders).toEqual([]);
    // their own profile is empty: the employee's is never theirs to read
    expect((await admin.get('/api/account/profile')).body).not.toMatch(/Lovelace/);
    // a customer is not an employer admin
    expect((await worker.get('/api/business/portal')).statusCode).toBe(403);
  });
});
