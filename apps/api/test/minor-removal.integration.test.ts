import { eq, inArray } from 'drizzle-orm';
import {
  auditLog,
  cartItems,
  carts,
  jobs,
  labResults,
  medicalProfiles,
  minorRemovals,
  orderKits,
  orders,
  payments,
  quizResults,
  sessions,
  users,
} from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pseudonymAddress } from '../src/erasure/service.ts';
import { createTestShop, customerWithCart, staffVisitor, type Visitor, type TestShop, placeOrder } from './helpers.ts';

const profile = { fullName: 'Sam Lee', dateOfBirth: '1990-04-12', sex: 'female', state: 'TX', conditions: 'Asthma', medications: '' };

// A minor's account and results are removed within 24 hours (DESIGN.md §3 Eligibility).
describe('removing a minor’s account', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop();
  });
  afterAll(() => shop.close());

  const db = () => shop.database.db;

  /** A customer with a paid order, a kit, lab results, a profile, a session and a quiz result. */
  async function customerWithResults(): Promise<{ visitor: Visitor; userId: string; orderId: string }> {
    const visitor = await customerWithCart(shop.app);
    const placed = await placeOrder(visitor);
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().order.id as string;
    expect((await visitor.request({ method: 'PUT', url: '/api/account/profile', payload: profile })).statusCode).toBe(200);
    await db().insert(orderKits).values({ orderId, kitSlug: 'blood', title: 'Blood kit', status: 'results_ready' });
    await db().insert(labResults).values({ orderId, kitSlug: 'blood', source: 'console', keyId: 'k1', ciphertext: 'sealed' });
    const userId = (await visitor.get('/api/auth/get-session')).json().user.id as string;
    return { visitor, userId, orderId };
  }

  /** Erased as a member's own deletion erases (docs/decisions/0075-what-deleting-an-account-keeps.md): the sale kept under a pseudonym. */
  async function expectGone(userId: string, orderId: string) {
    const [tombstone] = await db().select().from(users).where(eq(users.id, userId));
    expect(tombstone).toMatchObject({ email: pseudonymAddress(userId), name: 'Deleted member' });
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order?.email).toBe(pseudonymAddress(userId));
    // the payment accounting needs stays, without the card's reusable references
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment).toMatchObject({ status: 'succeeded', customerId: null, savedPaymentMethod: null, cardFingerprint: null });
    expect(payment!.amountCents).toBe(order!.totalCents);
    expect(await db().select().from(orderKits).where(eq(orderKits.orderId, orderId))).toEqual([]);
    expect(await db().select().from(labResults).where(eq(labResults.orderId, orderId))).toEqual([]);
    expect(await db().select().from(medicalProfiles).where(eq(medicalProfiles.userId, userId))).toEqual([]);
    expect(await db().select().from(sessions).where(eq(sessions.userId, userId))).toEqual([]);
    expect(await db().select().from(carts).where(eq(carts.userId, userId))).toEqual([]);
    expect(await db().select().from(quizResults).where(eq(quizResults.userId, userId))).toEqual([]);
    expect(await db().select().from(minorRemovals).where(eq(minorRemovals.userId, userId))).toEqual([]);
  }

  it('is reported by staff, audited, and the job deletes everything tied to the account in one go', async () => {
    const { visitor, userId, orderId } = await customerWithResults();
    const [cart] = await db().select().from(orders).where(eq(orders.id, orderId));
    const quizIds = (await db().select({ id: cartItems.quizResultId }).from(cartItems).where(eq(cartItems.cartId, cart!.cartId))).flatMap(
      (row) => (row.id ? [row.id] : []),
    );
    expect(quizIds.length).toBeGreaterThan(0);

    // a customer may not report anyone
    expect((await visitor.post(`/api/admin/customers/${userId}/minor`)).statusCode).toBe(403);
    const support = await staffVisitor(shop, 'support');
    const reported = await support.post(`/api/admin/customers/${userId}/minor`);
    expect(reported.statusCode, reported.body).toBe(202);
    const dueAt = new Date(reported.json().dueAt as string).getTime();
    expect(dueAt - Date.now()).toBeGreaterThan(23 * 3600 * 1000);
    expect(dueAt - Date.now()).toBeLessThanOrEqual(24 * 3600 * 1000);
    // twice is one removal
    expect((await support.post(`/api/admin/customers/${userId}/minor`)).statusCode).toBe(202);
    expect(
      await db()
        .select()
        .from(jobs)
        .where(eq(jobs.singletonKey, `minor.remove:${userId}`)),
    ).toHaveLength(1);
    expect((await support.post('/api/admin/customers/nobody/minor')).statusCode).toBe(404);

    await shop.app.jobs.runDueJobs();
    await expectGone(userId, orderId);
    // the order's cart stays (the order points at it), owned by nobody
    expect(await db().select({ userId: carts.userId }).from(carts).where(eq(carts.id, cart!.cartId))).toEqual([{ userId: null }]);
    // the quiz results that brought the order are gone too
    const left = await db().select({ id: quizResults.id }).from(quizResults).where(inArray(quizResults.id, quizIds));
    expect(left).toEqual([]);
    expect((await visitor.get('/api/auth/get-session')).json()).toBeNull();

    const lines = await db().select().from(auditLog).where(eq(auditLog.subjectId, userId));
    expect(lines.map((line) => line.action).sort()).toEqual(['account.erase', 'customer.report_minor', 'customer.report_minor']);
    const removal = lines.find((line) => line.action === 'account.erase')!;
    expect(removal.detail).toMatchObject({ reason: 'reported_by_staff', orders: 1 });
    // the audit keeps no health data: no profile, no results, no e-mail
    expect(JSON.stringify(lines)).not.toMatch(/Asthma|sealed|@example\.com/);
  });

  it('is scheduled when a medical profile shows someone under 18 on an account that has orders', async () => {
    const { visitor, userId, orderId } = await customerWithResults();
    const year = new Date().getUTCFullYear() - 16;
    const refused = await visitor.request({
      method: 'PUT',
      url: '/api/account/profile',
      payload: { ...profile, dateOfBirth: `${year}-03-01` },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('UNDERAGE');
    const [scheduled] = await db().select().from(minorRemovals).where(eq(minorRemovals.userId, userId));
    expect(scheduled?.reason).toBe('profile_date_of_birth');

    await shop.app.jobs.runDueJobs();
    await expectGone(userId, orderId);
  });

  it('refuses to remove a staff account this way', async () => {
    const operator = await staffVisitor(shop, 'operator');
    const clinician = await staffVisitor(shop, 'clinician');
    const id = (await clinician.get('/api/auth/get-session')).json().user.id as string;
    const response = await operator.post(`/api/admin/customers/${id}/minor`);
    expect(response.statusCode).toBe(409);
  });
});
