import { and, eq, inArray } from 'drizzle-orm';
import { orderItems, orders, payments, testGatewayCharges } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, mailbox, paymentMethod, staffVisitor, Visitor, type TestShop, everyConsent } from './helpers.ts';
import { bloodResults, orderWithSamples, salivaResults } from './results-helpers.ts';

// The Improvement Program offered on a starter test's results, to whoever bought the starter test
// alone: at the program's price with a starter test, charged once at checkout (its results are in).

const PROGRAM = 'improvement-program-after-results';
const PROGRAM_CENTS = 14005;

let shop: TestShop;
let clinician: Visitor;

beforeAll(async () => {
  shop = await createTestShop();
  clinician = await staffVisitor(shop, 'clinician');
});
afterAll(() => shop.close());

const db = () => shop.database.db;

/** A starter test bought alone (or with the program), its Cortisol Test results entered: 1.4 ng/mL, above range. */
async function starterWithResults(options: { program?: boolean } = {}) {
  const bought = await orderWithSamples(shop, options);
  const entered = await clinician.post(`/api/admin/orders/${bought.order.id}/results/daily-rhythm-saliva`, salivaResults);
  expect(entered.statusCode, entered.body).toBe(201);
  await shop.app.jobs.runDueJobs();
  return bought;
}

/** Signs the member in again in a visitor of its own: another device, with a cart of its own. */
async function anotherDevice(email: string): Promise<Visitor> {
  const visitor = new Visitor(shop.app);
  const signedIn = await visitor.post('/api/auth/sign-in/email', { email, password: 'Sup3r-secret!' });
  expect(signedIn.statusCode, signedIn.body).toBe(200);
  return visitor;
}

/** Puts the program in the visitor's cart and pays for it with a new card. */
async function buyProgram(visitor: Visitor) {
  const added = await visitor.post('/api/cart/items', { productCode: PROGRAM });
  expect(added.statusCode, added.body).toBe(200);
  return visitor.post(
    '/api/checkout/orders',
    { testedState: 'TX', consents: everyConsent, paymentMethod: await paymentMethod(visitor) },
    { 'idempotency-key': crypto.randomUUID() },
  );
}

/** What the member was charged for the program: succeeded payments, and the gateway's own charges behind them. */
async function programCharges(userId: string) {
  const rows = await db()
    .select({ payment: payments })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .innerJoin(orderItems, and(eq(orderItems.orderId, orders.id), eq(orderItems.productCode, PROGRAM)))
    .where(and(eq(orders.userId, userId), eq(payments.status, 'succeeded')));
  const ids = rows.map((row) => row.payment.gatewayPaymentId!).filter(Boolean);
  const atGateway = ids.length
    ? await db()
        .select()
        .from(testGatewayCharges)
        .where(and(inArray(testGatewayCharges.id, ids), eq(testGatewayCharges.status, 'succeeded')))
    : [];
  return { payments: rows.map((row) => row.payment.amountCents), gateway: atGateway.map((charge) => charge.amountCents) };
}

const offerOf = async (visitor: Visitor, orderId: string) => {
  const response = await visitor.get(`/api/orders/${orderId}/results`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().programOffer;
};

describe('the program offered on the results', () => {
  it('is offered to a starter test bought alone, with what its values suggest in plain words', async () => {
    const { visitor, order } = await starterWithResults();
    expect(await offerOf(visitor, order.id)).toEqual({
      productCode: PROGRAM,
      price: '$140.05',
      summary: 'Here is what your results suggest, and what the program works on with you:',
      suggestions: [expect.stringMatching(/^Your cortisol was above range: /)],
    });
  });

  it('is not offered with the program bought already, before the results, nor to a clinician reading them', async () => {
    const withProgram = await starterWithResults({ program: true });
    expect(await offerOf(withProgram.visitor, withProgram.order.id)).toBeNull();

    const waiting = await orderWithSamples(shop);
    expect(await offerOf(waiting.visitor, waiting.order.id)).toBeNull();

    const alone = await starterWithResults();
    expect(await offerOf(clinician, alone.order.id)).toBeNull();
  });

  it('is offered too when add-on tests came with the starter test: the program was what it lacked', async () => {
    const { visitor, order } = await orderWithSamples(shop, { kits: ['daily-rhythm-saliva', 'blood'] });
    await clinician.post(`/api/admin/orders/${order.id}/results/daily-rhythm-saliva`, salivaResults);
    await clinician.post(`/api/admin/orders/${order.id}/results/blood`, bloodResults);
    const [done] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(done!.status).toBe('results_ready');
    const offer = await offerOf(visitor, order.id);
    expect(offer.suggestions).toEqual(expect.arrayContaining([expect.stringMatching(/^Your cortisol was above range: /)]));
  });
});

describe('buying the program after results', () => {
  it('charges the program’s price once, starts the program on the starter test, and is not offered again', async () => {
    const { visitor, email, order } = await starterWithResults();
    const placed = await buyProgram(visitor);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().order).toMatchObject({ status: 'paid', total: '$140.05' });
    expect(await programCharges(order.userId)).toEqual({ payments: [PROGRAM_CENTS], gateway: [PROGRAM_CENTS] });

    // the starter test's order runs the program now, from its own results
    const [starter] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(starter!.status).toBe('program_active');
    expect(await offerOf(visitor, order.id)).toBeNull();
    const receipts = (await mailbox(shop, email)).filter((mail) => mail.subject.startsWith('Your Base receipt'));
    expect(receipts.map((mail) => mail.text).join('\n')).toContain('$140.05');

    // a second purchase is refused before any charge
    const again = await buyProgram(visitor);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'PROGRAM_ALREADY_ADDED' });
    expect(await programCharges(order.userId)).toEqual({ payments: [PROGRAM_CENTS], gateway: [PROGRAM_CENTS] });
  });

  it('refuses it to a member whose starter test has no results yet, and charges nothing', async () => {
    const { visitor, order } = await orderWithSamples(shop);
    const placed = await buyProgram(visitor);
    expect(placed.statusCode).toBe(409);
    expect(placed.json()).toMatchObject({
      code: 'PROGRAM_NOT_OFFERED',
      message: 'The Improvement Program can be added here to a starter test bought without it, once its results are in.',
    });
    expect(await programCharges(order.userId)).toEqual({ payments: [], gateway: [] });
  });

  it('holds one program per cart line: a quantity of two is refused', async () => {
    const { visitor } = await starterWithResults();
    const two = await visitor.post('/api/cart/items', { productCode: PROGRAM, quantity: 2 });
    expect(two.statusCode).toBe(400);
  });

  it('charges once when two devices buy it at the same moment', async () => {
    const { visitor, email, order } = await starterWithResults();
    const other = await anotherDevice(email);
    const answers = await Promise.all([buyProgram(visitor), buyProgram(other)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().code).toBe('PROGRAM_ALREADY_ADDED');
    expect(await programCharges(order.userId)).toEqual({ payments: [PROGRAM_CENTS], gateway: [PROGRAM_CENTS] });
    const [starter] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(starter!.status).toBe('program_active');
  });
});
