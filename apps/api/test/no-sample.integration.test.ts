import { eq } from 'drizzle-orm';
import { emailOutbox, orderEvents, orders } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPeriodicScheduler } from '../src/jobs/scheduler.ts';
import { adultAnswers, createTestShop, uniqueEmail, Visitor, type TestShop, quizConsent, placeOrder } from './helpers.ts';

const hour = 3600 * 1000;

const home = { method: 'home', fullName: 'Ann Lee', shippingAddress: '410 Congress Ave', city: 'Austin', zipCode: '78701' };

interface Bought {
  visitor: Visitor;
  email: string;
  order: { id: string; number: number; status: string };
}

// Base Daily, the nutritional plan, a coach session and the program bought later take no sample:
// their paid order stays paid, is never asked (or reminded) to choose a home kit or a lab, and says
// what happens next instead. An order with a test among them goes to the collection choice as before.
describe('an order with nothing that needs a sample', () => {
  let shop: TestShop;
  const bought: Record<string, Bought> = {};
  beforeAll(async () => {
    shop = await createTestShop({ env: { PUBLIC_URL: 'http://shop.test' } });
    bought['nutritional-plan'] = await buy(['nutritional-plan']);
    bought['base-daily'] = await buy(['base-daily']);
    bought.mixed = await buy(['base-quiz', 'base-daily']);
  });
  afterAll(() => shop.close());

  /** A new customer buys these products (the starter test through the quiz) and pays. */
  async function buy(codes: string[]): Promise<Bought> {
    const visitor = new Visitor(shop.app);
    for (const productCode of codes) {
      const quizResultId =
        productCode === 'base-quiz'
          ? (await visitor.post('/api/quiz-results', { variant: 'quiz', answers: adultAnswers, consent: quizConsent })).json().id
          : undefined;
      const added = await visitor.post('/api/cart/items', { productCode, quizResultId });
      expect(added.statusCode, added.body).toBe(200);
    }
    const email = uniqueEmail('no-sample');
    const account = await visitor.post('/api/checkout/account', { email, password: 'Sup3r-secret!' });
    expect(account.statusCode, account.body).toBe(200);
    const placed = await placeOrder(visitor);
    expect(placed.statusCode, placed.body).toBe(201);
    return { visitor, email, order: placed.json().order };
  }

  it.each(['nutritional-plan', 'base-daily'])('%s alone is paid and stays paid, with its next step', async (code) => {
    const { visitor, order } = bought[code]!;
    expect(order.status).toBe('paid');
    const timeline = await shop.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(timeline.map((event) => event.toStatus)).toEqual(['pending_payment', 'paid']);

    const shown = (await visitor.get(`/api/orders/${order.id}`)).json();
    // the plan's next step is a page of its own: the upload of the lab report
    const href = code === 'nutritional-plan' ? '/account/nutritional-plan' : null;
    expect(shown).toMatchObject({ status: 'paid', collection: null, nextStep: { kind: 'no_sample', href } });
    expect(shown.nextStep.text).toContain(
      code === 'base-daily' ? 'Base Daily membership is active' : 'a nutritionist reviews it within 48 hours',
    );
  });

  it.each(['nutritional-plan', 'base-daily'])('%s alone refuses a home kit or lab choice', async (code) => {
    const { visitor, order } = bought[code]!;
    const chosen = await visitor.post(`/api/orders/${order.id}/collection`, home);
    expect(chosen.statusCode, chosen.body).toBe(409);
    expect(chosen.json()).toMatchObject({
      code: 'NO_SAMPLE_NEEDED',
      message: 'Nothing in this order needs a sample, so there is no home kit or lab to choose.',
    });
    const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe('paid');
  });

  it('still sends an order with a starter test and Base Daily to the collection choice', async () => {
    const { visitor, order } = bought.mixed!;
    expect(order.status).toBe('collection_pending');
    expect((await visitor.get(`/api/orders/${order.id}`)).json().nextStep).toMatchObject({
      kind: 'choose_collection',
      href: `/collection?order=${order.id}`,
    });
  });

  it('reminds only the order that needs a sample, 49 hours after payment', async () => {
    const at = new Date(Date.now() + 49 * hour);
    await createPeriodicScheduler(shop.database.db)(at);
    await shop.app.jobs.runDueJobs({ now: at });
    const remindersTo = async (email: string) =>
      (await shop.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).filter((mail) =>
        mail.subject.startsWith('Choose how to take your test'),
      );
    expect(await remindersTo(bought.mixed!.email)).toHaveLength(1);
    expect(await remindersTo(bought['nutritional-plan']!.email)).toEqual([]);
    expect(await remindersTo(bought['base-daily']!.email)).toEqual([]);
  });

  it('takes the collection choice of the order that needs a sample', async () => {
    const { visitor, order } = bought.mixed!;
    const chosen = await visitor.post(`/api/orders/${order.id}/collection`, home);
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toMatchObject({ status: 'profile_pending', collection: { method: 'home' } });
  });
});
