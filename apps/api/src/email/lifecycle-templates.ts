import { formatMoney } from '@shop/core';
import type { EmailMessage } from './port.ts';
import { layout } from './templates.ts';

const brandNames: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' };

const longDate = (date: Date) => date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** Two days after payment, an order whose customer has not chosen a home kit or a partner lab. */
export function collectionReminderEmail(to: string, orderNumber: number, url: string): EmailMessage {
  return layout(
    'collection-reminder',
    to,
    `Choose how to take your test (order ${orderNumber})`,
    [
      `Thank you for your order ${orderNumber}. We are ready to send your kit or book your lab visit, and only need to know which you prefer.`,
      'Choose a kit delivered to your home, or a visit to a partner lab near you. It takes a minute, and you choose once.',
    ],
    { label: 'Choose home kit or lab', url },
  );
}

export interface ProgramBilledInput {
  to: string;
  orderNumber: number;
  amountCents: number;
  chargedAt: Date;
  card: { brand: string; last4: string } | null;
}

/** The receipt of the Improvement Program's charge: what, how much, which card, when; fit for an HSA or FSA claim. */
export function programBilledEmail(input: ProgramBilledInput): EmailMessage {
  const amount = formatMoney(input.amountCents);
  const card = input.card ? `${brandNames[input.card.brand] ?? 'Card'} ending in ${input.card.last4}` : 'the card saved at checkout';
  return layout('program-billed', input.to, `Your Base receipt: Improvement Program (order ${input.orderNumber})`, [
    'Your 2-month Improvement Program has started. This is the receipt for its charge.',
    `Item: Improvement Program, 2 months (order ${input.orderNumber})`,
    `Amount charged: ${amount}`,
    `Paid with: ${card}`,
    `Date: ${longDate(input.chargedAt)}`,
    'Keep this receipt: it names the service, its price and the date, which is what an HSA or FSA administrator asks for.',
  ]);
}

export interface BillingFailedInput {
  to: string;
  orderNumber: number;
  orderId: string;
  amountCents: number;
  attempts: number;
  /** the gateway's reason, such as card_declined, or no_saved_card */
  reason: string;
}

/** To the shop's support team: a program charge that could not be taken after every try. */
export function programBillingFailedEmail(input: BillingFailedInput): EmailMessage {
  return layout('program-billing-failed', input.to, `Program billing failed for order ${input.orderNumber}`, [
    `The Improvement Program charge of ${formatMoney(input.amountCents)} for order ${input.orderNumber} (${input.orderId}) could not be taken after ${input.attempts} ${input.attempts === 1 ? 'try' : 'tries'}.`,
    `Last answer from the card gateway: ${input.reason}.`,
    'The order stays in program billing. Please contact the customer about another way to pay.',
  ]);
}
