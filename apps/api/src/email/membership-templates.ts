import { formatMoney, longDayOf } from '@shop/core';
import type { EmailMessage } from './port.ts';
import { layout } from './templates.ts';

const brandNames: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' };

/**
 * The acknowledgement a membership's first payment sends (California's automatic renewal law
 * asks for one): the terms as agreed at checkout, and how to cancel.
 */
export function membershipStartedEmail(input: { to: string; title: string; terms: string; accountUrl: string }): EmailMessage {
  return layout(
    'membership-started',
    input.to,
    `Welcome to ${input.title}: your membership and how to cancel`,
    [
      `Your ${input.title} membership has started. Your 5% off tests applies from your next cart, and your member pages are in your account.`,
      `The terms you agreed to: ${input.terms}`,
      'To cancel, open your account, choose "Cancel membership" and confirm: no call or e-mail needed.',
    ],
    { label: 'My membership', url: input.accountUrl },
  );
}

export interface MembershipReceiptInput {
  to: string;
  title: string;
  amountCents: number;
  chargedAt: Date;
  card: { brand: string; last4: string } | null;
  /** the next renewal's day; null when the membership ends with this month */
  nextChargeOn: string | null;
  accountUrl: string;
}

/** The receipt of one monthly renewal. */
export function membershipRenewalReceiptEmail(input: MembershipReceiptInput): EmailMessage {
  const card = input.card ? `${brandNames[input.card.brand] ?? 'Card'} ending in ${input.card.last4}` : 'the card you saved';
  const day = input.chargedAt.toISOString().slice(0, 10);
  return layout(
    'membership-renewal-receipt',
    input.to,
    `Your Base receipt: ${input.title}, renewed`,
    [
      `Your ${input.title} membership is renewed for another month. This is your receipt.`,
      `Amount charged: ${formatMoney(input.amountCents)}`,
      `Paid with: ${card}`,
      `Date: ${longDayOf(day)}`,
      input.nextChargeOn
        ? `Next renewal: ${longDayOf(input.nextChargeOn)}. You can cancel any time before it in your account.`
        : 'Your membership ends with this month.',
    ],
    { label: 'My membership', url: input.accountUrl },
  );
}

/**
 * A renewal was declined: the member keeps their benefits for now and can pay with another card,
 * which then pays the next renewals too. `retryOn` is the day of the next try; null after the
 * last one, when the membership is paused.
 */
export function membershipPaymentFailedEmail(input: {
  to: string;
  title: string;
  amountCents: number;
  retryOn: string | null;
  updateUrl: string;
}): EmailMessage {
  const amount = formatMoney(input.amountCents);
  return input.retryOn
    ? layout(
        'membership-payment-failed',
        input.to,
        `Your ${input.title} payment did not go through`,
        [
          `We could not charge ${amount} for your ${input.title} membership: your bank declined the card.`,
          `Your membership and its 5% off tests carry on for now. We will try the card again on ${longDayOf(input.retryOn)}; to avoid that, update your card with the link below and the payment is made with it.`,
        ],
        { label: 'Update your card', url: input.updateUrl },
      )
    : layout(
        'membership-paused',
        input.to,
        `Your ${input.title} membership is paused`,
        [
          `We tried three times to charge ${amount} for your ${input.title} membership, and your bank declined each time.`,
          'Your membership is paused: nothing more is charged, and its 5% off tests no longer applies. Pay with another card to start it again.',
        ],
        { label: 'Update your card', url: input.updateUrl },
      );
}

/** The bank held a renewal back until the member approves it. */
export function membershipApprovalEmail(to: string, title: string, amountCents: number, url: string): EmailMessage {
  return layout(
    'membership-approval',
    to,
    `Please approve your ${title} renewal`,
    [
      `Your ${title} membership renews today. Your bank asks you to approve the charge of ${formatMoney(amountCents)} before it goes through.`,
      'It takes a minute. You can also cancel the membership in your account.',
    ],
    { label: 'Approve the charge', url },
  );
}

/** The member cancelled: what that means, in writing. */
export function membershipCancelledEmail(input: {
  to: string;
  title: string;
  accessUntil: string | null;
  accountUrl: string;
}): EmailMessage {
  return layout(
    'membership-cancelled',
    input.to,
    `Your ${input.title} membership is cancelled`,
    [
      `Your ${input.title} membership is cancelled: your card will not be charged for it again.`,
      input.accessUntil
        ? `You paid through ${longDayOf(input.accessUntil)}: until then your membership and its 5% off tests carry on.`
        : 'It has ended today.',
    ],
    { label: 'My account', url: input.accountUrl },
  );
}
