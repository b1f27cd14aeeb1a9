import type { ConsoleActionName } from '@shop/core';
import type { Role } from '../auth/session.ts';

/** Who in the team may do what to an order: the one place this is decided. */
export const actionRoles: Record<ConsoleActionName, readonly Role[]> = {
  approve: ['clinician'],
  decline: ['clinician'],
  ship: ['operator'],
  sample_received: ['operator'],
  refund: ['operator'],
  cancel: ['operator'],
  resend_email: ['operator', 'support'],
  apply_guarantee: ['operator'],
  // what the lab reported another way (a call, a portal): the operator who records samples, or a clinician
  reject_sample: ['operator', 'clinician'],
};

export function mayDo(role: string | null | undefined, action: ConsoleActionName): boolean {
  return (actionRoles[action] as readonly string[]).includes(role ?? '');
}

/** Who may see the test subscriptions console, and who ships their deliveries (as kits: operators). */
export const subscriptionRoles = {
  view: ['operator', 'support'],
  ship: ['operator'],
  /** a renewing price changes only with its notice to the members (subscriptions/renewal-notices.ts) */
  price: ['operator'],
} as const satisfies Record<string, readonly Role[]>;

export function mayDoToSubscriptions(role: string | null | undefined, action: keyof typeof subscriptionRoles): boolean {
  return (subscriptionRoles[action] as readonly string[]).includes(role ?? '');
}
