import { receiptEmail } from '../email/receipt.ts';
import { conflict } from '../errors.ts';
import { findGiftOfOrder } from '../gifts/repository.ts';
import { enqueueEmail } from '../jobs/queue.ts';
import type { Executor } from '@shop/db';
import { creditUsedBy } from '../store-credit/repository.ts';
import { checkoutPayments, orderItemsOf, type OrderRow } from './repository.ts';

/** Queues the order's receipt again, for a customer who says it never arrived. */
export async function resendReceipt(tx: Executor, order: OrderRow, publicUrl: string): Promise<string> {
  if (!order.paidAt) throw conflict('ORDER_NOT_PAID', 'This order has not been paid: there is no receipt to send.');
  const [items, paid, gift] = await Promise.all([orderItemsOf(tx, order.id), checkoutPayments(tx, order.id), findGiftOfOrder(tx, order.id)]);
  const credit = await creditUsedBy(tx, order.id);
  const payment = paid.at(-1);
  const message = receiptEmail({
    to: order.email,
    orderNumber: order.number,
    paidAt: order.paidAt,
    items,
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    taxCents: order.taxCents,
    shippingCents: order.shippingCents,
    totalCents: order.totalCents,
    deferredCents: order.deferredCents,
    storeCreditCents: credit.spentCents,
    card: payment?.cardBrand && payment.cardLast4 ? { brand: payment.cardBrand, last4: payment.cardLast4 } : null,
    orderUrl: `${publicUrl}/account/orders/${order.id}`,
    gift: gift ? { recipientName: gift.recipientName, deliverOn: gift.deliverOn } : null,
  });
  await enqueueEmail(tx, message);
  return message.subject;
}
