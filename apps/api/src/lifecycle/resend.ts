import type { Executor } from '@shop/db';
import { conflict } from '../errors.ts';
import { enqueueEmail } from '../jobs/queue.ts';
import { receiptOf } from '../orders/receipt.ts';
import type { OrderRow } from './repository.ts';

/** Queues the order's receipt again, for a customer who says it never arrived. */
export async function resendReceipt(tx: Executor, order: OrderRow, publicUrl: string): Promise<string> {
  if (!order.paidAt) throw conflict('ORDER_NOT_PAID', 'This order has not been paid: there is no receipt to send.');
  const message = await receiptOf(tx, { ...order, paidAt: order.paidAt }, publicUrl);
  await enqueueEmail(tx, message);
  return message.subject;
}
