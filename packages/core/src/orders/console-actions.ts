import { kitTransition, type KitStatus } from './kit-track.ts';
import { transition, type OrderStatus } from './state-machine.ts';

export const consoleActionNames = [
  'approve',
  'decline',
  'ship',
  'sample_received',
  'refund',
  'cancel',
  'resend_email',
  'apply_guarantee',
  'reject_sample',
] as const;
export type ConsoleActionName = (typeof consoleActionNames)[number];

export interface ConsoleAction {
  action: ConsoleActionName;
  /** for a kit's action: which kit */
  kitSlug?: string;
}

/**
 * What the console may do to an order now, read from the two state machines, so that the
 * console shows only these. `canRefund` says whether money taken is still to give back;
 * `guaranteeOpen` whether the Improvement Program's guarantee may be applied now (core's
 * `guaranteeVerdict`, which needs the program's calendar).
 */
export function consoleActions(
  status: OrderStatus,
  kits: ReadonlyArray<{ kitSlug: string; status: KitStatus }>,
  canRefund: boolean,
  guaranteeOpen = false,
): ConsoleAction[] {
  const actions: ConsoleAction[] = [];
  if (transition(status, { type: 'clinician_approved', method: 'home' }).ok) actions.push({ action: 'approve' });
  if (transition(status, { type: 'clinician_declined' }).ok) actions.push({ action: 'decline' });
  for (const kit of kits) {
    if (kitTransition(kit.status, { type: 'ship', trackingNumber: 'x' }).ok) actions.push({ action: 'ship', kitSlug: kit.kitSlug });
    if (kitTransition(kit.status, { type: 'sample_arrived' }).ok) actions.push({ action: 'sample_received', kitSlug: kit.kitSlug });
    if (kitTransition(kit.status, { type: 'reject_sample', retake: null }).ok)
      actions.push({ action: 'reject_sample', kitSlug: kit.kitSlug });
  }
  if (canRefund && transition(status, { type: 'refund' }).ok) actions.push({ action: 'refund' });
  if (transition(status, { type: 'cancel' }).ok) actions.push({ action: 'cancel' });
  if (status !== 'pending_payment') actions.push({ action: 'resend_email' });
  if (guaranteeOpen) actions.push({ action: 'apply_guarantee' });
  return actions;
}
