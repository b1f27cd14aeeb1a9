import { and, eq, like } from 'drizzle-orm';
import { normalizeGiftCode, startOfDayIn } from '@shop/core';
import { emailOutbox, gifts, jobs, orderEvents, orders } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashGiftCode } from '../src/gifts/code.ts';
import { giftDeliverJob } from '../src/gifts/delivery.ts';
import { dayFromToday, giftPurchaser } from './gift-helpers.ts';
import { createTestShop, mailbox, paymentMethod, type TestShop, type Visitor, everyConsent } from './helpers.ts';

const silent = { info() {}, warn() {}, error() {} };

// A paid gift: made once with the payment, delivered on its day (and not before) with one code,
// whose hash alone is kept, however often its job runs.
describe('a gift, paid and delivered', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop();
  });
  afterAll(() => shop.close());

  const db = () => shop.database.db;

  async function pay(visitor: Visitor, racers = 1) {
    const method = await paymentMethod(visitor);
    const key = crypto.randomUUID();
    const responses = await Promise.all(
      Array.from({ length: racers }, () =>
        visitor.post(
          '/api/checkout/orders',
          { testedState: 'TX', consents: everyConsent, paymentMethod: method },
          { 'idempotency-key': key },
        ),
      ),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(201);
    return responses[0]!.json().order.id as string;
  }

  async function giftOf(orderId: string) {
    const rows = await db().select().from(gifts).where(eq(gifts.orderId, orderId));
    expect(rows).toHaveLength(1);
    return rows[0]!;
  }

  const deliveryJobs = (giftId: string) =>
    db()
      .select()
      .from(jobs)
      .where(eq(jobs.singletonKey, `gift-deliver:${giftId}`));
  const mailTo = (address: string) => mailbox(shop, address);

  /** The code in the recipient's e-mail, as its redeem link carries it. */
  function codeIn(text: string): string {
    const link = /\/checkout-gift-receiver\?code=([0-9A-Z-]+)/.exec(text);
    expect(link, text).not.toBeNull();
    return link![1]!;
  }

  it('is made once when 20 requests pay for it at once, and its order waits for nothing from the purchaser', async () => {
    const { visitor, email, form } = await giftPurchaser(shop, { delivery: { deliveryDate: dayFromToday(3) } });
    const orderId = await pay(visitor, 20);
    const gift = await giftOf(orderId);
    expect(gift).toMatchObject({
      type: 'improvement_program',
      contents: { kind: 'areas', areas: ['diet', 'sleep'] },
      purchaserName: 'Dana Wu',
      purchaserEmail: email,
      recipientName: 'Sam Wu',
      recipientEmail: form!.recipientEmail,
      deliverOn: dayFromToday(3),
      message: form!.message,
      status: 'scheduled',
      codeHash: null,
    });
    const queued = await deliveryJobs(gift.id);
    expect(queued.map((job) => ({ runAt: job.runAt.toISOString(), payload: job.payload }))).toEqual([
      { runAt: startOfDayIn(dayFromToday(3)).toISOString(), payload: { giftId: gift.id } },
    ]);
    // only a gift: the recipient chooses a kit or a lab when they redeem it
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe('paid');
    const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(events.map((event) => event.event).sort()).toEqual(['order_placed', 'payment_succeeded']);
    const detail = await visitor.get(`/api/orders/${orderId}`);
    expect(detail.json()).toMatchObject({
      gift: { recipientName: 'Sam Wu', deliverOn: dayFromToday(3), status: 'scheduled' },
      nextStep: { kind: 'none' },
    });
    expect(JSON.stringify(detail.json())).not.toContain('codeHash');

    // the receipt names the gift and its day
    const [receipt, ...more] = await mailTo(email);
    expect(more).toEqual([]);
    expect(receipt!.text).toContain('Gift: starter test + Improvement Program');
    expect(receipt!.text).toMatch(/Your gift for Sam Wu is e-mailed to them on \w+ \d+, \d{4}/);
  });

  it('is delivered on its day and not before: one code, kept as a hash, in the recipient’s e-mail', async () => {
    const { visitor, email, form } = await giftPurchaser(shop, { delivery: { deliveryDate: dayFromToday(2) } });
    const gift = await giftOf(await pay(visitor));
    const dayStarts = startOfDayIn(dayFromToday(2));

    await shop.app.jobs.runDueJobs();
    await shop.app.jobs.runDueJobs({ now: new Date(dayStarts.getTime() - 1000) });
    expect((await giftOf(gift.orderId)).status).toBe('scheduled');
    expect(await mailTo(form!.recipientEmail)).toEqual([]);

    await shop.app.jobs.runDueJobs({ now: dayStarts });
    const delivered = await giftOf(gift.orderId);
    expect(delivered).toMatchObject({ status: 'delivered' });
    expect(delivered.deliveredAt).toBeInstanceOf(Date);
    const [toRecipient, ...more] = await mailTo(form!.recipientEmail);
    expect(more).toEqual([]);
    expect(toRecipient!.subject).toBe('Dana Wu sent you a gift from Base');
    const code = codeIn(toRecipient!.text);
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    expect(toRecipient!.text).toContain(`Your gift code: ${code}`);
    expect(toRecipient!.text).toContain(form!.message);
    expect(toRecipient!.text).toContain(`http://localhost:3000/checkout-gift-receiver?code=${code}`);
    // the database keeps the hash alone: the gift, the e-mail's job and the outbox never hold the code
    expect(delivered.codeHash).toBe(hashGiftCode(normalizeGiftCode(code)!));
    expect(JSON.stringify(delivered)).not.toContain(normalizeGiftCode(code));
    const [emailJob] = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.singletonKey, `gift-recipient:${delivered.id}`));
    expect(emailJob).toMatchObject({ status: 'done', payload: { to: form!.recipientEmail, template: 'gift-recipient' } });
    const stored = JSON.stringify([emailJob, await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, form!.recipientEmail))]);
    for (const spelling of [code, normalizeGiftCode(code)!]) expect(stored).not.toContain(spelling);
    expect(stored).toContain('Your gift code: [hidden 2]');
    // the purchaser hears that it went out, without the code
    const purchaserMail = await mailTo(email);
    const sent = purchaserMail.find((mail) => mail.subject === 'Your gift to Sam Wu was delivered');
    expect(sent?.text).toContain(form!.recipientEmail);
    expect(sent?.text).not.toContain(code);
  });

  it('dated today, is delivered at once', async () => {
    const { visitor, form } = await giftPurchaser(shop);
    const gift = await giftOf(await pay(visitor));
    const [job] = await deliveryJobs(gift.id);
    expect(job!.runAt.getTime()).toBeLessThanOrEqual(Date.now());
    await shop.app.jobs.runDueJobs();
    expect((await giftOf(gift.orderId)).status).toBe('delivered');
    expect(await mailTo(form!.recipientEmail)).toHaveLength(1);
  });

  it('run again, or twice at once, never mints a second code nor sends a second e-mail', async () => {
    const { visitor, form } = await giftPurchaser(shop, { delivery: { deliveryDate: dayFromToday(1) } });
    const gift = await giftOf(await pay(visitor));
    const handler = giftDeliverJob({ db: db(), emailSecrets: shop.app.emailSecrets, publicUrl: 'http://localhost:3000', log: silent });
    const context = { jobId: crypto.randomUUID(), attempt: 1, maxAttempts: 8, now: startOfDayIn(dayFromToday(1)) };
    await Promise.all([handler({ giftId: gift.id }, context), handler({ giftId: gift.id }, { ...context, attempt: 2 })]);
    const first = await giftOf(gift.orderId);
    await handler({ giftId: gift.id }, { ...context, attempt: 3 });
    expect(await giftOf(gift.orderId)).toEqual(first);
    const emailJobs = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, 'email.send'), like(jobs.singletonKey, `gift-%:${gift.id}`)));
    expect(emailJobs.map((job) => job.singletonKey).sort()).toEqual([`gift-recipient:${gift.id}`, `gift-sent:${gift.id}`]);
    await shop.app.jobs.runDueJobs({ now: startOfDayIn(dayFromToday(1)) });
    const mail = await mailTo(form!.recipientEmail);
    expect(mail).toHaveLength(1);
    expect(hashGiftCode(normalizeGiftCode(codeIn(mail[0]!.text))!)).toBe(first.codeHash);
  });

  it('refuses to deliver before its day, even when asked, and minted nothing', async () => {
    const { visitor } = await giftPurchaser(shop, { delivery: { deliveryDate: dayFromToday(5) } });
    const gift = await giftOf(await pay(visitor));
    const handler = giftDeliverJob({ db: db(), emailSecrets: shop.app.emailSecrets, publicUrl: 'http://localhost:3000', log: silent });
    await expect(handler({ giftId: gift.id }, { jobId: crypto.randomUUID(), attempt: 1, maxAttempts: 8, now: new Date() })).rejects.toThrow(
      /is due on/,
    );
    expect(await giftOf(gift.orderId)).toMatchObject({ status: 'scheduled', codeHash: null });
  });

  it('escapes the purchaser’s words in the HTML part: shown as text, never as markup', async () => {
    const { visitor, form } = await giftPurchaser(shop, {
      delivery: { purchaserName: '<b>Dana</b>', message: 'Results in 3 < 5 days, love you <3 & "cheers"' },
    });
    await pay(visitor);
    await shop.app.jobs.runDueJobs();
    const [mail] = await mailTo(form!.recipientEmail);
    expect(mail!.html).toContain('&#60;b&#62;Dana&#60;/b&#62;');
    expect(mail!.html).toContain('Results in 3 &#60; 5 days, love you &#60;3 &#38; &#34;cheers&#34;');
    expect(mail!.html).not.toContain('<b>Dana');
    expect(mail!.html).not.toContain('<3');
  });

  it('is not delivered when its order was refunded before its day', async () => {
    const { visitor, form } = await giftPurchaser(shop, { delivery: { deliveryDate: dayFromToday(1) } });
    const gift = await giftOf(await pay(visitor));
    await db().update(orders).set({ status: 'refunded' }).where(eq(orders.id, gift.orderId));
    await shop.app.jobs.runDueJobs({ now: startOfDayIn(dayFromToday(1)) });
    expect(await giftOf(gift.orderId)).toMatchObject({ status: 'cancelled', codeHash: null });
    expect(await mailTo(form!.recipientEmail)).toEqual([]);
  });
});
