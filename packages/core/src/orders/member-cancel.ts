import type { KitStatus } from './kit-track.ts';
import { transition, type OrderStatus } from './state-machine.ts';

export const memberCancelMessages = {
  shipped: 'Your kit is already on its way, so this order can no longer be cancelled here. Please message support.',
  labOrderSent: 'Your lab order has already been sent to the lab, so this order can no longer be cancelled here. Please message support.',
  closed: 'This order can no longer be cancelled.',
  unpaid: 'This order was not paid, so there is nothing to cancel or refund.',
} as const;

export type MemberCancelVerdict = { ok: true } | { ok: false; reason: string };

/**
 * Whether a member may cancel their own order for a full refund, in their account: only before
 * anything left for them — no kit shipped (of any of the order's kits) and no order sent to a
 * partner lab. After that, support decides (the kit's cost is spent).
 */
export function memberCancelVerdict(status: OrderStatus, kits: readonly KitStatus[]): MemberCancelVerdict {
  if (status === 'pending_payment') return { ok: false, reason: memberCancelMessages.unpaid };
  if (status === 'lab_order_sent' || kits.includes('lab_order_sent')) return { ok: false, reason: memberCancelMessages.labOrderSent };
  if (kits.some((kit) => kit !== 'preparing')) return { ok: false, reason: memberCancelMessages.shipped };
  if (!transition(status, { type: 'member_cancel' }).ok) {
    return { ok: false, reason: status === 'kit_shipped' ? memberCancelMessages.shipped : memberCancelMessages.closed };
  }
  return { ok: true };
}
