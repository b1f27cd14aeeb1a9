import { formatMoney, frequencyLabels, type DeliveryFrequency } from '@shop/core';
import type { EmailMessage } from './port.ts';
import { layout } from './templates.ts';

const brandNames: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' };

const longDate = (date: Date) => date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
/** A `YYYY-MM-DD` day for people: "March 31, 2026". */
export const longDay = (day: string) => longDate(new Date(`${day}T00:00:00.000Z`));

export interface DeliveryReceiptInput {
  to: string;
  /** the subscription's title, as the order line said it: "Cortisol Test (Test subscription)" */
  title: string;
  sequence: number;
  frequency: DeliveryFrequency;
  amountCents: number;
  chargedAt: Date;
  card: { brand: string; last4: string } | null;
  /** the delivery after this one; null when the subscription ends with it */
  nextDeliveryOn: string | null;
  accountUrl: string;
}

/** The receipt of one delivery of a test subscription: what, how much, which card, when, and what comes next. */
export function subscriptionDeliveryReceiptEmail(input: DeliveryReceiptInput): EmailMessage {
  const card = input.card ? `${brandNames[input.card.brand] ?? 'Card'} ending in ${input.card.last4}` : 'the card saved at checkout';
  return layout(
    'subscription-delivery-receipt',
    input.to,
    `Your Base receipt: ${input.title}, delivery ${input.sequence}`,
    [
      `Your next kit is paid and we are preparing it. This is the receipt for delivery ${input.sequence} of your test subscription.`,
      `Item: ${input.title}, delivered ${frequencyLabels[input.frequency]}`,
      `Amount charged: ${formatMoney(input.amountCents)}`,
      `Paid with: ${card}`,
      `Date: ${longDate(input.chargedAt)}`,
      input.nextDeliveryOn
        ? `Next delivery and charge: ${longDay(input.nextDeliveryOn)}. You can cancel any time before it in your account.`
        : 'This was the last delivery of your subscription.',
      'Keep this receipt: it names the test, its price and the date, which is what an HSA or FSA administrator asks for.',
    ],
    { label: 'My subscriptions', url: input.accountUrl },
  );
}

/** The bank held the delivery's charge back until the customer approves it. */
export function subscriptionApprovalEmail(to: string, title: string, amountCents: number, url: string): EmailMessage {
  return layout(
    'subscription-approval',
    to,
    `Please approve the charge for your next ${title} kit`,
    [
      `Your next ${title} kit is due. Your bank asks you to approve the charge of ${formatMoney(amountCents)} to the card you saved before it goes through.`,
      'It takes a minute, and nothing is charged or shipped until you approve. You can also cancel the subscription in your account.',
    ],
    { label: 'Approve the charge', url },
  );
}

/** The kit of a paid delivery has shipped. */
export function subscriptionKitShippedEmail(to: string, title: string, trackingNumber: string, url: string): EmailMessage {
  return layout(
    'subscription-kit-shipped',
    to,
    'Your kit is on its way',
    [
      `The next kit of your test subscription (${title}) has shipped. Its tracking number is ${trackingNumber}; kits arrive in 2-5 business days.`,
      'Take your sample as the kit explains and send it back in the prepaid envelope.',
    ],
    { label: 'My subscriptions', url },
  );
}

/** The customer cancelled: what that means, in writing. */
export function subscriptionCancelledEmail(to: string, title: string, url: string): EmailMessage {
  return layout(
    'subscription-cancelled',
    to,
    'Your test subscription is cancelled',
    [
      `Your subscription to the ${title} is cancelled. Your card will not be charged again for it, and no more kits will be sent.`,
      'A kit that was already paid for still ships.',
    ],
    { label: 'My subscriptions', url },
  );
}

export interface SubscriptionFailedInput {
  to: string;
  subscriptionId: string;
  title: string;
  customerEmail: string;
  orderNumber: number;
  sequence: number;
  amountCents: number;
  attempts: number;
  reason: string;
}

/** To the shop's support team: a delivery that could not be charged after every try. */
export function subscriptionBillingFailedEmail(input: SubscriptionFailedInput): EmailMessage {
  return layout('subscription-billing-failed', input.to, `Subscription billing failed for order ${input.orderNumber}`, [
    `Delivery ${input.sequence} of the subscription ${input.subscriptionId} (${input.title}, ${input.customerEmail}, started with order ${input.orderNumber}) could not be charged ${formatMoney(input.amountCents)} after ${input.attempts} ${input.attempts === 1 ? 'try' : 'tries'}.`,
    `Last answer from the card gateway: ${input.reason}.`,
    'The subscription is now past due: nothing more is charged or shipped. Please contact the customer about another way to pay.',
  ]);
}

/** A delivery held because its kit would go where the test may not be sold: nothing charged, and what to do. */
export function subscriptionHeldEmail(to: string, title: string, why: string, accountUrl: string): EmailMessage {
  return layout(
    'subscription-held',
    to,
    `We have held your next ${title} kit`,
    [
      `Your next ${title} kit is due, but we have not charged your card or sent it. ${why}`,
      'Nothing is charged or shipped while it is held. Send us a message from your account to change where your sample is taken, or cancel the subscription there.',
    ],
    { label: 'My account', url: accountUrl },
  );
}

export interface RenewalTermsInput {
  to: string;
  /** "Base Daily", or "Cortisol Test (Test subscription)" */
  title: string;
  /** "$9.95 every month", "$69.95 for each delivery, every quarter" */
  charges: string;
  accountUrl: string;
}

/**
 * Once a year, the terms the member agreed to renew on (California's auto-renewal law): what it
 * is, how often and how much it charges, and how to cancel — in two clicks, in their account.
 */
export function yearlyRenewalReminderEmail(input: RenewalTermsInput & { years: number }): EmailMessage {
  return layout(
    'subscription-yearly-reminder',
    input.to,
    `A yearly reminder: your ${input.title} renews until you cancel`,
    [
      `You have had ${input.title} for ${input.years === 1 ? 'a year' : `${input.years} years`}. Once a year we remind you of what you agreed to, so that nothing renews without you knowing.`,
      `What it charges: ${input.charges}, to the card you saved, until you cancel.`,
      'How to cancel: in your account, choose Cancel beside it, then confirm. That is all; nothing more is charged after that.',
    ],
    { label: 'My account', url: input.accountUrl },
  );
}

/** A renewing price changes: the new price, from when, and how to cancel before it does. */
export function renewalPriceChangeEmail(
  input: RenewalTermsInput & { oldPriceCents: number; newPriceCents: number; effectiveOn: string },
): EmailMessage {
  return layout(
    'subscription-price-change',
    input.to,
    `The price of your ${input.title} changes on ${longDay(input.effectiveOn)}`,
    [
      `From ${longDay(input.effectiveOn)}, ${input.title} costs ${formatMoney(input.newPriceCents)} instead of ${formatMoney(input.oldPriceCents)} (${input.charges}).`,
      'Nothing else changes. If you do not want to go on at the new price, cancel before that day: in your account, choose Cancel beside it, then confirm.',
    ],
    { label: 'My account', url: input.accountUrl },
  );
}
