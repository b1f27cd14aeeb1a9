import type { OrderStatus } from '../orders/state-machine.ts';
import type { Cents } from '../money/money.ts';

/** The friend's discount on a first order, through a member's referral (specification §1). */
export const REFERRAL_FRIEND_DISCOUNT_PERCENT = 20;
/** The referrer's gift card once the friend's order is paid (specification §1). */
export const REFERRAL_REWARD_CENTS: Cents = 5000;

/** Who a person is, as far as the shop knows: a guest has neither. */
export interface Party {
  customerId: string | null;
  email: string | null;
}

/**
 * One person on both ends of a referral or an affiliate link: the same account, or the same
 * mailbox. Addresses compare without case, spaces or a "+tag" (jane+2@x.com is jane@x.com), the
 * usual way to open a second account on one mailbox.
 */
export function isSamePerson(a: Party, b: Party): boolean {
  if (a.customerId !== null && a.customerId === b.customerId) return true;
  const emailA = a.email === null ? null : mailboxOf(a.email);
  return emailA !== null && emailA !== '' && emailA === (b.email === null ? null : mailboxOf(b.email));
}

/** An address as the mailbox it reaches: lower case, trimmed, without a "+tag". */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 1) return address;
  const local = address.slice(0, at).split('+')[0]!;
  return `${local}${address.slice(at)}`;
}

export interface ReferralRewardInput {
  referrer: Party & { customerId: string };
  friend: Party;
  /** the friend's order that used the referral */
  order: { status: OrderStatus; paidAt: Date | null };
  /** the friend's paid orders before this one */
  friendPaidOrdersBefore: number;
}

export type ReferralReward =
  | { outcome: 'earned'; customerId: string; reward: 'gift_card'; amountCents: Cents; earnedAt: Date }
  | { outcome: 'pending'; customerId: string; reward: 'gift_card'; amountCents: Cents; when: 'order_paid' }
  | { outcome: 'none'; reason: 'self_referral' | 'not_first_order' | 'order_not_paid' };

const unpaid: ReadonlySet<OrderStatus> = new Set(['cancelled', 'refunded']);

/**
 * What a referral earns and when: the referrer gets a $50 gift card at the moment the friend's
 * first order is paid. Nothing for referring yourself, nothing for a friend who had already
 * ordered, and nothing while the order waits for payment or once it was cancelled or refunded
 * before the reward was issued. Issuing it once is the caller's job (one reward row per order).
 */
export function referralReward(input: ReferralRewardInput): ReferralReward {
  if (isSamePerson(input.referrer, input.friend)) return { outcome: 'none', reason: 'self_referral' };
  if (input.friendPaidOrdersBefore > 0) return { outcome: 'none', reason: 'not_first_order' };
  const { status, paidAt } = input.order;
  if (unpaid.has(status)) return { outcome: 'none', reason: 'order_not_paid' };
  const reward = { customerId: input.referrer.customerId, reward: 'gift_card', amountCents: REFERRAL_REWARD_CENTS } as const;
  if (status === 'pending_payment') return { ...reward, outcome: 'pending', when: 'order_paid' };
  if (paidAt === null) throw new RangeError(`An order that is ${status} must have a payment time`);
  return { ...reward, outcome: 'earned', earnedAt: paidAt };
}
