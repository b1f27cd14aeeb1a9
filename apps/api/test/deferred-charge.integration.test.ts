import { and, eq } from 'drizzle-orm';
import { emailOutbox, payments, testGatewayCharges } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeSavedCard } from '../src/billing/saved-card.ts';
import { createTestShop, uniqueEmail, Visitor, type TestShop } from './helpers.ts';
import { programOrder as programOrderOf } from './program-order.ts';

const program = 14_005;

// The Improvement Program is charged when the results arrive, to the card saved at checkout,
// without the customer present: exactly once, and with the customer when their bank asks.
describe('the deferred program charge', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop();
  });
  afterAll(() => shop.close());

  const deps = () => ({ db: shop.database.db, gateway: shop.app.payments, email: shop.app.email, publicUrl: 'http://shop.test' });

  const programOrder = (card: string, withProgram = true) => programOrderOf(shop, card, withProgram);

  it('charges the saved card once, however many times the job runs at once', async () => {
    const { order } = await programOrder('4242 4242 4242 4242');
    expect(order.deferredCents).toBe(program);
    const results = await Promise.all(Array.from({ length: 8 }, () => chargeSavedCard(deps(), order, program, `program:${order.id}`)));
    expect(new Set(results.map((result) => result.status))).toEqual(new Set(['succeeded']));
    const attempts = await shop.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.purpose, 'program')));
    expect(attempts.map((row) => [row.status, row.amountCents])).toEqual([['succeeded', program]]);
    const charges = await shop.database.db
      .select()
      .from(testGatewayCharges)
      .where(eq(testGatewayCharges.idempotencyKey, `program:${order.id}`));
    expect(charges.map((row) => [row.status, row.offSession, row.amountCents])).toEqual([['succeeded', true, program]]);
    // run again later: still once
    expect((await chargeSavedCard(deps(), order, program, `program:${order.id}`)).status).toBe('succeeded');
  });

  it('charges a card that was authenticated at checkout without asking again', async () => {
    const { order } = await programOrder('4000 0025 0000 3155');
    expect(await chargeSavedCard(deps(), order, program, `program:${order.id}`)).toMatchObject({ status: 'succeeded' });
  });

  it('asks the customer by e-mail when the bank wants them, and their approval pays once', async () => {
    const { visitor, email, order } = await programOrder('4000 0027 6000 3184');
    expect(await chargeSavedCard(deps(), order, program, `program:${order.id}`)).toEqual({ status: 'needs_customer' });
    expect(await chargeSavedCard(deps(), order, program, `program:${order.id}`)).toEqual({ status: 'needs_customer' });
    await shop.app.jobs.runDueJobs();
    const mails = await shop.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    const approval = mails.filter((mail) => mail.subject === 'Please approve the charge for your Improvement Program');
    expect(approval).toHaveLength(1);
    expect(approval[0]!.text).toContain('$140.05');
    expect(approval[0]!.text).toContain(`http://shop.test/checkout-improvement-program?order=${order.id}`);

    const view = await visitor.get(`/api/checkout/program-charges/${order.id}`);
    expect(view.json()).toMatchObject({ state: 'awaiting_approval', amount: '$140.05', orderNumber: order.number });
    const started = await visitor.post(`/api/checkout/program-charges/${order.id}/approval`, {});
    expect(started.statusCode).toBe(202);
    await visitor.post('/api/payments/test-gateway/authentications', {
      clientSecret: started.json().requiresAction.clientSecret,
      approve: true,
    });
    const confirmed = await visitor.post(`/api/checkout/program-charges/${order.id}/confirm`);
    expect(confirmed.json()).toEqual({ state: 'paid' });
    expect((await visitor.get(`/api/checkout/program-charges/${order.id}`)).json().state).toBe('paid');

    // the job that runs again afterwards finds it paid
    expect((await chargeSavedCard(deps(), order, program, `program:${order.id}`)).status).toBe('succeeded');
    const succeeded = await shop.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.purpose, 'program'), eq(payments.status, 'succeeded')));
    expect(succeeded).toHaveLength(1);
  });

  it('has nothing to charge when no card was saved, and another customer sees nothing', async () => {
    const { order } = await programOrder('4242 4242 4242 4242', false);
    expect(await chargeSavedCard(deps(), order, program, `program:${order.id}`)).toEqual({ status: 'no_saved_card' });
    const stranger = new Visitor(shop.app);
    await stranger.post('/api/checkout/account', { email: uniqueEmail('stranger'), password: 'Sup3r-secret!' });
    expect((await stranger.get(`/api/checkout/program-charges/${order.id}`)).statusCode).toBe(404);
    expect((await stranger.post(`/api/checkout/program-charges/${order.id}/approval`, {})).statusCode).toBe(404);
  });
});
