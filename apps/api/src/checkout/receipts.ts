import { and, desc, eq } from 'drizzle-orm';
import { orderItems, orders, payments, type Database } from '@shop/db';
import type { EmailSender } from '../email/port.ts';
import { receiptEmail } from '../email/receipt.ts';
import { findGiftOfOrder } from '../gifts/repository.ts';
import { creditUsedBy } from '../store-credit/repository.ts';

/** Sends the itemised receipt of a paid order. */
export async function sendReceipt(db: Database, email: EmailSender, publicUrl: string, orderId: string): Promise<void> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order?.paidAt) return;
  const [items, gift, credit] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, orderId)),
    findGiftOfOrder(db, orderId),
    creditUsedBy(db, orderId),
  ]);
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.purpose, 'checkout'), eq(payments.status, 'succeeded')))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  await email.send(
    receiptEmail({
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
      orderUrl: `${publicUrl}/account`,
      gift: gift ? { recipientName: gift.recipientName, deliverOn: gift.deliverOn } : null,
    }),
  );
}
