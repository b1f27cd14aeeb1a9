import type { Executor } from '@shop/db';
import type { EmailMessage } from '../email/port.ts';
import { receiptEmail } from '../email/receipt.ts';
import { onEvent } from '../events/bus.ts';
import { coverOfOrder } from '../employer-cover/cover.ts';
import { findGiftOfOrder } from './gift-view.ts';
import { coverParts } from './covered.ts';
import { enqueueEmail } from '../email/queue.ts';
import { conflict } from '../errors.ts';
import { checkoutPayments, orderItemsOf } from './lifecycle-repository.ts';
import { creditUsedBy } from '../store-credit/repository.ts';
import { findOrder, type OrderRow } from './repository.ts';

/** The itemised receipt of a paid order: what was bought, what was paid and with which card. */
export async function receiptOf(tx: Executor, order: OrderRow & { paidAt: Date }, publicUrl: string): Promise<EmailMessage> {
  // one after the other: a transaction's connection runs one statement at a time, and pg stops
  // queueing a second query on a busy client in its next major version
  const items = await orderItemsOf(tx, order.id);
  const paid = await checkoutPayments(tx, order.id);
  const gift = await findGiftOfOrder(tx, order.id);
  const credit = await creditUsedBy(tx, order.id);
  const cover = await coverOfOrder(tx, order.id);
  const payment = paid.at(-1);
  return receiptEmail({
    to: order.email,
    orderNumber: order.number,
    paidAt: order.paidAt,
    items,
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    taxCents: order.taxCents,
    shippingCents: order.shippingCents,
    fee: order.feeCents > 0 && order.feeLabel ? { label: order.feeLabel, cents: order.feeCents } : null,
    totalCents: order.totalCents,
    deferredCents: order.deferredCents,
    storeCreditCents: credit.spentCents,
    card: payment?.cardBrand && payment.cardLast4 ? { brand: payment.cardBrand, last4: payment.cardLast4 } : null,
    orderUrl: `${publicUrl}/account/orders/${order.id}`,
    gift: gift ? { recipientName: gift.recipientName, deliverOn: gift.deliverOn } : null,
    cover: cover ? coverParts(cover, items, order.deferredCents) : null,
  });
}

/**
 * A customer who paid at checkout gets their receipt: built from the queue, off the request's
 * path, and queued as an e-mail once per order (a redeemed gift's order was paid by the purchaser,
 * who had theirs).
 */
export const sendReceiptOfPaidOrder = (publicUrl: string) =>
  onEvent({
    name: 'orders.receipt',
    on: 'order.paid',
    mode: 'queued',
    async handle(tx, event) {
      if (event.payload.via !== 'checkout') return;
      const order = await findOrder(tx, event.payload.orderId);
      if (!order?.paidAt) return;
      await enqueueEmail(tx, await receiptOf(tx, { ...order, paidAt: order.paidAt }, publicUrl), `receipt:${order.id}`);
    },
  });

/** Queues the order's receipt again, for a customer who says it never arrived. */
export async function resendReceipt(tx: Executor, order: OrderRow, publicUrl: string): Promise<string> {
  if (!order.paidAt) throw conflict('ORDER_NOT_PAID', 'This order has not been paid: there is no receipt to send.');
  const message = await receiptOf(tx, { ...order, paidAt: order.paidAt }, publicUrl);
  await enqueueEmail(tx, message);
  return message.subject;
}
