import { dayIn, startOfDayIn } from '@shop/core';
import type { Executor } from '@shop/db';
import { enqueue } from '../jobs/queue.ts';
import { onEvent } from '../events/bus.ts';
import { insertGiftOfOrder, type GiftRow } from './repository.ts';

/** When a gift is delivered: as its day begins in New York, or now when that day is today. */
export function deliveryTime(deliverOn: string, now: Date): Date {
  if (deliverOn <= dayIn(now)) return now;
  return startOfDayIn(deliverOn);
}

/**
 * In the transaction that records an order's payment: the cart's gift becomes a paid gift, and
 * its delivery is queued for its day. An order's gift is made once (its order id is unique),
 * and its delivery job once (the gift's singleton key), whoever records the payment.
 */
export async function scheduleGiftOfOrder(
  tx: Executor,
  order: { id: string; cartId: string; userId: string },
  now = new Date(),
): Promise<GiftRow | undefined> {
  const gift = await insertGiftOfOrder(tx, order);
  if (!gift) return undefined;
  await enqueue(tx, {
    name: 'gift.deliver',
    payload: { giftId: gift.id },
    runAt: deliveryTime(gift.deliverOn, now),
    singletonKey: `gift-deliver:${gift.id}`,
    maxAttempts: 8,
  });
  return gift;
}

export const makeGiftOfPaidOrder = onEvent({
  name: 'gifts.make-gift',
  on: 'order.paid',
  mode: 'in-transaction',
  async handle(tx, event) {
    const { orderId, cartId, userId, holds } = event.payload;
    // the move to paid saw no gift in the cart
    if (holds?.gift === false) return;
    await scheduleGiftOfOrder(tx, { id: orderId, cartId, userId });
  },
});
