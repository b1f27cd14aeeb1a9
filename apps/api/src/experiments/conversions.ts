import { onEvent } from '../events/bus.ts';
import { accountConversion } from './service.ts';

/**
 * order.paid: the order counts, with its value, for every experiment its buyer had been shown a
 * variant of before paying (the buyer's account keeps the visitor id they first signed in with).
 * A gift's redemption is not a purchase of the person who redeems it, so only checkouts count.
 * Written in the statement that records the payment's event (`write`).
 */
export const countPaidOrderInExperiments = onEvent({
  name: 'experiments.count-paid-order',
  on: 'order.paid',
  mode: 'in-transaction',
  write: (event) => {
    const order = event.payload;
    if (order.via !== 'checkout') return null;
    return accountConversion({
      userId: order.userId,
      metric: 'order_paid',
      source: order.orderId,
      valueCents: order.totalCents,
      at: new Date(order.paidAt),
    });
  },
});
