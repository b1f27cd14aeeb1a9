import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { sanitiseEvent } from '@shop/core';
import { orders } from '@shop/db';
import { onEvent } from '../events/bus.ts';
import { enqueue } from '../jobs/queue.ts';
import type { JobHandler } from '../jobs/worker.ts';

declare module '../jobs/queue.ts' {
  interface JobPayloads {
    /** tells the advertiser's conversion endpoint the value of one paid order (outside any transaction) */
    'ad_conversion.send': { orderId: string; valueCents: number };
  }
}

/**
 * A purchase reported to the advertiser by the server. No page the browser shows at a purchase
 * runs a vendor's script (docs/decisions/0030-third-party-scripts.md), so the conversion goes from
 * here, and only for an order whose customer had accepted third-party scripts when placing it.
 * The consumer is subscribed only when `AD_CONVERSIONS_URL` is set (event-handlers.ts).
 */
export const reportPurchaseToAdvertiser = onEvent({
  name: 'advertising.report-purchase',
  on: 'order.paid',
  mode: 'queued',
  async handle(tx, { payload }) {
    // a gift's redemption is no purchase: the purchaser's own order was
    if (payload.via !== 'checkout') return;
    const [order] = await tx.select({ adConsent: orders.adConsent }).from(orders).where(eq(orders.id, payload.orderId));
    if (!order?.adConsent) return;
    await enqueue(tx, {
      name: 'ad_conversion.send',
      payload: { orderId: payload.orderId, valueCents: payload.totalCents },
      singletonKey: `ad-conversion:${payload.orderId}`,
      maxAttempts: 8,
    });
  },
});

/**
 * The key the advertiser de-duplicates a retried report by: stable per order, and no order id
 * (a hash the vendor cannot turn back into one).
 */
export const conversionKey = (orderId: string) => createHash('sha256').update(`ad-conversion:${orderId}`).digest('hex');

/**
 * POSTs the purchase as the one sanitiser lets it out (event, value in cents, currency) and nothing
 * else; a refusal or an unreachable endpoint throws, and the queue tries again later.
 */
export function sendConversionJob(endpoint: string | undefined): JobHandler<'ad_conversion.send'> {
  return async ({ orderId, valueCents }) => {
    // switched off since the job was queued: the report is dropped, as a new order's would be
    if (!endpoint) return;
    const event = sanitiseEvent({ event: 'purchase', valueCents, currency: 'USD' });
    if (!event) return;
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': conversionKey(orderId) },
      body: JSON.stringify(event),
      redirect: 'error',
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`the conversion endpoint answered ${response.status}`);
  };
}
