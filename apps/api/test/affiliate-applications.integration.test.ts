import { and, eq } from 'drizzle-orm';
import { affiliateApplicationMessages } from '@shop/core';
import { affiliates, auditLog, payouts, rewardLedger, users } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayoutPort } from '../src/payouts/port.ts';
import { runPayouts, PAYOUT_CLAIM_TIMEOUT_MS } from '../src/payouts/run.ts';
import { enqueue } from '../src/jobs/queue.ts';
import {
  adultAnswers,
  createTestShop,
  customerWithCart,
  mailbox,
  staffVisitor,
  uniqueEmail,
  Visitor,
  type TestShop,
  quizConsent,
  placeOrder,
} from './helpers.ts';

const password = 'Affiliate-passw0rd!';
const landing = {
  banner: 'PODCAST: 20% off your first test',
  heading: 'What your body tells you',
  intro: 'Our listeners get 20% off an at-home test and a plan that follows the results.',
};

// A person applies at /affiliate-program with their own account; an operator approves them with
// codes (or declines with a reason); the approved affiliate's dashboard opens, and what they earn
// is paid once, the payout port asked outside the database's transactions.
describe('affiliate applications', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop({ env: { SIGN_UP_LIMIT_PER_ADDRESS: '3' } });
  });
  afterAll(() => shop.close());

  const db = () => shop.database.db;
  const day = 24 * 3600 * 1000;

  async function apply(name = 'Pat Podcast', visitor = new Visitor(shop.app)) {
    const email = uniqueEmail('applicant');
    const response = await visitor.post('/api/affiliate-applications', {
      name,
      email,
      password,
      website: 'https://podcast.example.com',
      promotion: 'A weekly episode on sleep and energy, with the code read out in each.',
    });
    return { visitor, email, response };
  }

  async function applicationId(email: string) {
    const [row] = await db().select().from(affiliates).where(eq(affiliates.email, email));
    return row!.id;
  }

  async function approved(code: string, commissionPercent = 15) {
    const applicant = await apply();
    expect(applicant.response.statusCode, applicant.response.body).toBe(201);
    const operator = await staffVisitor(shop, 'operator');
    const id = await applicationId(applicant.email);
    const answer = await operator.post(`/api/admin/affiliates/${id}/approve`, { codes: code, ...landing, commissionPercent });
    expect(answer.statusCode, answer.body).toBe(200);
    return { ...applicant, id };
  }

  /** A visitor who lands on `path`, takes the quiz, makes an account and pays. */
  async function referredOrder(path: string) {
    const visitor = new Visitor(shop.app);
    // the attribution hook answers the landing's path before any page does (the web is not mounted here)
    await visitor.get(path);
    expect(visitor.hasCookie('attribution')).toBe(true);
    const quiz = await visitor.post('/api/quiz-results', { variant: 'quiz', answers: adultAnswers, consent: quizConsent });
    await visitor.post('/api/cart/items', { productCode: 'base-quiz', quizResultId: quiz.json().id });
    expect((await visitor.post('/api/checkout/account', { email: uniqueEmail('friend'), password: 'Sup3r-secret!' })).statusCode).toBe(200);
    const placed = await placeOrder(visitor);
    expect(placed.statusCode, placed.body).toBe(201);
    return placed.json().order.id as string;
  }

  it('an application makes the account, signed in, and an application under review; the applicant is told by e-mail', async () => {
    const { visitor, email, response } = await apply('Pat Podcast');
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ status: 'applied', name: 'Pat Podcast', declineReason: null });
    const mine = await visitor.get('/api/affiliate-applications/mine');
    expect(mine.json()).toEqual({ status: 'applied', name: 'Pat Podcast', appliedAt: expect.any(String), declineReason: null });
    const [account] = await db().select().from(users).where(eq(users.email, email));
    expect(account?.role).toBe('customer');
    const [received] = await mailbox(shop, email);
    expect(received?.subject).toBe('We received your application to the Base affiliate program');
    expect(received?.text).toContain('Our team reviews every application by hand');
    expect(received?.text).toMatch(/See your application: https?:\/\/[^/]+\/affiliate\/dashboard/);

    // the same address again is refused in words a person can act on
    const again = await new Visitor(shop.app).post('/api/affiliate-applications', {
      name: 'Pat',
      email: email.toUpperCase(),
      password,
      website: 'https://podcast.example.com',
      promotion: 'The same application, once more.',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'ACCOUNT_EXISTS', message: affiliateApplicationMessages.accountExists });
    const bad = await new Visitor(shop.app).post('/api/affiliate-applications', {
      name: 'Pat',
      email,
      password,
      website: '',
      promotion: '',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('a customer signed in already applies with their own account, once, and it opens the dashboard when approved', async () => {
    const email = uniqueEmail('member-applicant');
    const customer = await customerWithCart(shop.app, email);
    const application = {
      name: 'Mo Member',
      website: 'https://newsletter.example.com',
      promotion: 'A monthly newsletter on eating well, with the code in each issue.',
    };
    // two tabs at once: one application, the other told it is in already
    const [first, second] = await Promise.all([
      customer.post('/api/affiliate-applications/mine', application),
      customer.post('/api/affiliate-applications/mine', application),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
    const refused = first.statusCode === 409 ? first : second;
    expect(refused.json()).toEqual({ code: 'AFFILIATE_ALREADY_APPLIED', message: affiliateApplicationMessages.alreadyApplied });
    expect(await db().select().from(affiliates).where(eq(affiliates.email, email))).toHaveLength(1);
    expect((await customer.get('/api/affiliate-applications/mine')).json()).toMatchObject({ status: 'applied', name: 'Mo Member' });
    const [received] = await mailbox(shop, email);
    expect(received?.subject).toBe('We received your application to the Base affiliate program');

    const operator = await staffVisitor(shop, 'operator');
    const id = await applicationId(email);
    const decided = await operator.post(`/api/admin/affiliates/${id}/approve`, { codes: 'MOMEMBER', ...landing, commissionPercent: 10 });
    expect(decided.statusCode, decided.body).toBe(200);
    expect((await customer.get('/api/affiliate/dashboard')).statusCode).toBe(200);
    const [account] = await db().select().from(users).where(eq(users.email, email));
    expect(account?.role).toBe('affiliate');

    // the team's accounts are not customers' and cannot apply; nobody signed in is asked to sign in; bad input changes nothing
    const staffAnswer = await operator.post('/api/affiliate-applications/mine', application);
    expect(staffAnswer.statusCode).toBe(409);
    expect(staffAnswer.json()).toEqual({ code: 'NOT_A_CUSTOMER_ACCOUNT', message: affiliateApplicationMessages.notACustomerAccount });
    expect((await new Visitor(shop.app).post('/api/affiliate-applications/mine', application)).statusCode).toBe(401);
    const other = await customerWithCart(shop.app);
    expect((await other.post('/api/affiliate-applications/mine', { ...application, promotion: '' })).statusCode).toBe(400);
    expect((await other.get('/api/affiliate-applications/mine')).statusCode).toBe(404);
  });

  it('a pending applicant reads their application’s state and nothing else', async () => {
    const { visitor } = await apply();
    expect((await visitor.get('/api/affiliate/dashboard')).statusCode).toBe(403);
    expect((await visitor.get('/api/affiliate/dashboard.csv')).statusCode).toBe(403);
    expect((await visitor.get('/api/admin/affiliates')).statusCode).toBe(403);
    const other = await apply('Someone Else');
    const otherId = await applicationId(other.email);
    expect(
      (await visitor.post(`/api/admin/affiliates/${otherId}/approve`, { codes: 'MINE', ...landing, commissionPercent: 50 })).statusCode,
    ).toBe(403);
    expect((await visitor.get('/api/affiliate-applications/mine')).json().name).toBe('Pat Podcast');
    expect((await new Visitor(shop.app).get('/api/affiliate-applications/mine')).statusCode).toBe(401);
  });

  it('sign-ups through the application count against the per-address limit', async () => {
    const address = '127.200.0.9';
    const statuses = [];
    for (let index = 0; index < 4; index += 1) statuses.push((await apply('Busy', new Visitor(shop.app, address))).response.statusCode);
    expect(statuses).toEqual([201, 201, 201, 429]);
  });

  it('an operator approves with codes, a landing and a commission: audited, e-mailed, and the dashboard opens', async () => {
    const { visitor, email } = await apply();
    const id = await applicationId(email);
    const operator = await staffVisitor(shop, 'operator');
    const listed = (await operator.get('/api/admin/affiliates')).json();
    expect(listed.applications).toContainEqual(expect.objectContaining({ id, email, website: 'https://podcast.example.com' }));

    const support = await staffVisitor(shop, 'support');
    expect(
      (await support.post(`/api/admin/affiliates/${id}/approve`, { codes: 'PAT20', ...landing, commissionPercent: 20 })).statusCode,
    ).toBe(403);
    // a code another affiliate has, in any case, is refused by name
    const taken = await operator.post(`/api/admin/affiliates/${id}/approve`, { codes: 'pat20, ness', ...landing, commissionPercent: 20 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ code: 'AFFILIATE_CODE_TAKEN', message: 'The code NESS is taken: choose another.' });
    const answer = await operator.post(`/api/admin/affiliates/${id}/approve`, {
      codes: ' pat20, Pat-Sleep ',
      ...landing,
      commissionPercent: 20,
    });
    expect(answer.json()).toEqual({ id, status: 'active', codes: ['PAT20', 'PAT-SLEEP'] });

    const [audited] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, id), eq(auditLog.action, 'affiliate.approve')));
    expect(audited?.detail).toEqual({ codes: ['PAT20', 'PAT-SLEEP'], commissionPercent: 20 });
    const welcome = (await mailbox(shop, email)).find((message) => message.template === 'affiliate-application-approved');
    expect(welcome?.text).toContain('Your codes are PAT20, PAT-SLEEP, and you earn 20%');
    expect(welcome?.text).toMatch(/\/affiliate\/pat20 https?:\/\/[^/]+\/affiliate\/pat-sleep/);

    // the same session now reaches the dashboard: the account is an affiliate's
    const dashboard = await visitor.get('/api/affiliate/dashboard');
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    expect(dashboard.json().affiliate).toEqual({ name: 'Pat Podcast', commissionPercent: 20 });
    expect(dashboard.json().links.map((link: { code: string }) => link.code)).toEqual(['PAT-SLEEP', 'PAT20']);
    expect((await visitor.get('/api/affiliate-applications/mine')).json().status).toBe('active');
    const page = await new Visitor(shop.app).get('/api/affiliate-landings/pat20');
    expect(page.json()).toMatchObject({ code: 'PAT20', affiliate: 'Pat Podcast', ...landing });

    const twice = await operator.post(`/api/admin/affiliates/${id}/decline`, { reason: 'Changed our mind' });
    expect(twice.json()).toEqual({
      code: 'AFFILIATE_APPLICATION_DECIDED',
      message: 'This application was decided already: the affiliate is active.',
    });
    // a code just given away is taken for the next applicant
    const next = await apply();
    const nextTry = await operator.post(`/api/admin/affiliates/${await applicationId(next.email)}/approve`, {
      codes: 'PAT20',
      ...landing,
      commissionPercent: 20,
    });
    expect(nextTry.json().message).toBe('The code PAT20 is taken: choose another.');
  });

  it('an operator declines with a reason: audited, the applicant is told why, and the dashboard stays closed', async () => {
    const { visitor, email } = await apply();
    const id = await applicationId(email);
    const operator = await staffVisitor(shop, 'operator');
    expect((await operator.post(`/api/admin/affiliates/${id}/decline`, { reason: '' })).json().message).toBe(
      affiliateApplicationMessages.declineReason,
    );
    const answer = await operator.post(`/api/admin/affiliates/${id}/decline`, { reason: 'Your audience is outside the US.' });
    expect(answer.json()).toEqual({ id, status: 'declined', codes: [] });
    const [audited] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, id), eq(auditLog.action, 'affiliate.decline')));
    expect(audited?.detail).toEqual({ reason: 'Your audience is outside the US.' });
    const declined = (await mailbox(shop, email)).find((message) => message.template === 'affiliate-application-declined');
    expect(declined?.text).toContain('The reason: Your audience is outside the US.');
    expect((await visitor.get('/api/affiliate-applications/mine')).json()).toMatchObject({
      status: 'declined',
      declineReason: 'Your audience is outside the US.',
    });
    expect((await visitor.get('/api/affiliate/dashboard')).statusCode).toBe(403);
    expect((await operator.get('/api/admin/affiliates')).json().applications.some((row: { id: string }) => row.id === id)).toBe(false);
  });

  it('a new affiliate’s click and first order show on their dashboard; the jobs approve it after 30 days and pay it once', async () => {
    const affiliate = await approved('SLEEPCAST', 50);
    const orderId = await referredOrder('/affiliate/sleepcast');
    const pending = (await affiliate.visitor.get('/api/affiliate/dashboard')).json().rows;
    expect(pending).toEqual([
      expect.objectContaining({ code: 'SLEEPCAST', clicks: 1, firstOrders: 1, conversion: '100.0%', pending: '$31.98' }),
    ]);
    // other affiliates' codes never appear, and nothing names the customer
    expect(JSON.stringify(pending)).not.toContain('friend');

    const later = new Date(Date.now() + 31 * day);
    await enqueue(db(), { name: 'rewards.approve', payload: {} });
    await shop.app.jobs.runDueJobs({ now: later });
    expect((await db().select().from(rewardLedger).where(eq(rewardLedger.orderId, orderId)))[0]?.status).toBe('approved');
    await enqueue(db(), { name: 'rewards.payout', payload: {} });
    await shop.app.jobs.runDueJobs({ now: later });
    const [payout] = await db().select().from(payouts).where(eq(payouts.affiliateId, affiliate.id));
    expect(payout).toMatchObject({
      amountCents: 3198,
      status: 'paid',
      reference: `batch:${later.toISOString().slice(0, 7)}:${payout!.id}`,
    });
    const paid = (await affiliate.visitor.get('/api/affiliate/dashboard')).json().rows[0];
    expect(paid).toMatchObject({ pending: '$0.00', approved: '$0.00', paid: '$31.98' });
  });

  it('two payout runs at once ask the port once, outside any transaction, and record one payout', async () => {
    const affiliate = await approved('RACECAST', 50);
    const orderId = await referredOrder('/affiliate/racecast');
    await db().update(rewardLedger).set({ status: 'approved', approvedAt: new Date() }).where(eq(rewardLedger.orderId, orderId));
    const asked: string[] = [];
    let inTransactionDuringPay = false;
    const port: PayoutPort = {
      name: 'counting',
      async pay(payout) {
        asked.push(payout.idempotencyKey);
        // the payout is recorded, and readable from another connection, before the port is asked
        const [row] = await db().select().from(payouts).where(eq(payouts.id, payout.payoutId));
        if (row?.status !== 'pending') inTransactionDuringPay = true;
        await new Promise((resolve) => setTimeout(resolve, 50));
        return { reference: `transfer:${payout.payoutId}` };
      },
    };
    const runs = await Promise.all([runPayouts(db(), port), runPayouts(db(), port)]);
    const mine = runs.flatMap((run) => run.paid).filter((paid) => paid.payeeId === affiliate.id);
    expect(mine).toEqual([expect.objectContaining({ amountCents: 3198 })]);
    const recorded = await db().select().from(payouts).where(eq(payouts.affiliateId, affiliate.id));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ status: 'paid', reference: `transfer:${recorded[0]!.id}` });
    expect(asked.filter((key) => key === `affiliate-payout:${recorded[0]!.id}`)).toHaveLength(1);
    expect(inTransactionDuringPay).toBe(false);
    expect((await db().select().from(rewardLedger).where(eq(rewardLedger.orderId, orderId)))[0]).toMatchObject({
      status: 'paid',
      payoutId: recorded[0]!.id,
    });
  });

  it('a payout whose port failed stays recorded and pending, and a later run asks again with the same key, once', async () => {
    const affiliate = await approved('FAILCAST', 50);
    const orderId = await referredOrder('/affiliate/failcast');
    await db().update(rewardLedger).set({ status: 'approved', approvedAt: new Date() }).where(eq(rewardLedger.orderId, orderId));
    const keys: string[] = [];
    const failing: PayoutPort = {
      name: 'failing',
      async pay(payout) {
        keys.push(payout.idempotencyKey);
        throw new Error('the transfer service is down');
      },
    };
    const now = new Date();
    await expect(runPayouts(db(), failing, now)).rejects.toThrow('the transfer service is down');
    const [recorded] = await db().select().from(payouts).where(eq(payouts.affiliateId, affiliate.id));
    expect(recorded).toMatchObject({ status: 'pending', amountCents: 3198, reference: null });
    const [entry] = await db().select().from(rewardLedger).where(eq(rewardLedger.orderId, orderId));
    expect(entry).toMatchObject({ status: 'approved', payoutId: recorded!.id });

    const working: PayoutPort = {
      name: 'working',
      async pay(payout) {
        keys.push(payout.idempotencyKey);
        return { reference: `transfer:${payout.idempotencyKey}` };
      },
    };
    // the failed run's claim holds until it times out: no second ask in the meantime
    expect((await runPayouts(db(), working, new Date(now.getTime() + 60_000))).paid.some((paid) => paid.payeeId === affiliate.id)).toBe(
      false,
    );
    const retried = await runPayouts(db(), working, new Date(now.getTime() + PAYOUT_CLAIM_TIMEOUT_MS + 1));
    expect(retried.paid.filter((paid) => paid.payeeId === affiliate.id)).toEqual([expect.objectContaining({ payoutId: recorded!.id })]);
    expect(keys).toEqual([`affiliate-payout:${recorded!.id}`, `affiliate-payout:${recorded!.id}`]);
    expect((await runPayouts(db(), working, new Date(now.getTime() + 2 * PAYOUT_CLAIM_TIMEOUT_MS))).paid).toEqual([]);
    expect(await db().select().from(payouts).where(eq(payouts.affiliateId, affiliate.id))).toHaveLength(1);
  });
});
