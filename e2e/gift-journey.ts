import { randomUUID } from 'node:crypto';
import { expect, type Browser } from './fixtures';
import { dayIn } from '@shop/core';
import { ok, uniqueEmail } from './journey';

interface GiftOrder {
  type?: 'one_off' | 'improvement_program';
  areas?: string[];
  complete?: boolean;
  purchaserName?: string;
  message?: string;
}

/**
 * A gift bought and delivered the way the shop does it, through its API: a purchaser chooses the
 * gift, fills the delivery form for today and pays with the test card; the worker delivers it at
 * once and the recipient's e-mail is read from the outbox as the team reads it. Returns the code
 * as the e-mail shows it.
 */
export async function buyDeliveredGift(browser: Browser, order: GiftOrder = {}): Promise<{ shownCode: string; recipientEmail: string }> {
  const purchaser = await browser.newContext();
  const api = purchaser.request;
  const recipientEmail = uniqueEmail('recipient');
  await ok(
    await api.put('/api/cart/gift', {
      data: { type: order.type ?? 'one_off', areas: order.areas ?? ['stress', 'sleep'], complete: order.complete ?? false },
    }),
  );
  await ok(
    await api.put('/api/cart/gift/delivery', {
      data: {
        purchaserName: order.purchaserName ?? 'Dana Wu',
        purchaserEmail: uniqueEmail('giver'),
        recipientName: 'Sam Lee',
        recipientEmail,
        deliveryDate: dayIn(new Date()),
        message: order.message ?? '',
      },
    }),
  );
  await ok(await api.post('/api/checkout/account', { data: { email: uniqueEmail('giver-account'), password: 'Sup3r-secret!' } }));
  const { paymentMethod } = await ok(
    await api.post('/api/payments/test-gateway/payment-methods', { data: { number: '4242424242424242', expiry: '12/34', cvc: '123' } }),
  );
  await ok(await api.post('/api/checkout/orders', { data: { paymentMethod }, headers: { 'Idempotency-Key': randomUUID() } }));
  await purchaser.close();

  const operator = await browser.newContext();
  const signedIn = await operator.request.post('/api/auth/sign-in/email', {
    data: { email: 'operator@shop.local', password: 'operator-e2e-password' },
  });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
  let shownCode: string | undefined;
  await expect
    .poll(
      async () => {
        const outbox = await ok(await operator.request.get(`/api/admin/outbox?to=${encodeURIComponent(recipientEmail)}`));
        const text = (outbox.emails as { text: string }[]).map((mail) => mail.text).join('\n');
        shownCode = /\/checkout-gift-receiver\?code=([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})/.exec(text)?.[1];
        return shownCode !== undefined;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await operator.close();
  return { shownCode: shownCode!, recipientEmail };
}
