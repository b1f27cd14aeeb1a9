import type { KitStatus } from '../orders/kit-track.ts';
import type { LostKitCase } from './lost-kits.ts';
import { isSampleRejectionReason, sampleRejectionLabels } from './rejection.ts';

const lostWords: Record<LostKitCase, string> = {
  not_delivered: 'Your first kit never arrived',
  no_sample: 'Your first sample never reached the lab',
  sample_not_received: 'Your first sample never reached the lab',
};

/**
 * Why a kit was replaced, in one sentence: `cause` is a rejection reason or a lost-kit case, as
 * the kit keeps it.
 */
export function replacementCauseWords(cause: string): string {
  if (isSampleRejectionReason(cause)) return `The lab could not test your first sample: ${sampleRejectionLabels[cause]}`;
  return lostWords[cause as LostKitCase] ?? 'Your first kit could not be used';
}

/**
 * What the member reads on a kit that failed once: the cause and what the shop does about it.
 * Null for a kit that never failed.
 */
export function kitNotice(kit: { status: KitStatus; replacements: number; lastFailure: string | null }): string | null {
  if (!kit.lastFailure) return null;
  const cause = replacementCauseWords(kit.lastFailure);
  if (kit.status === 'sample_rejected') {
    return `${cause.replace('first sample', 'sample')}. A clinician will contact you about what to do next; there is nothing to pay.`;
  }
  if (kit.status === 'expired') return `${cause}, so we refunded your order in full.`;
  if (kit.replacements === 0) return null;
  if (kit.status === 'preparing' || kit.status === 'shipped')
    return `${cause}. A new kit is on its way at no charge: we e-mail you its tracking number when it ships.`;
  if (kit.status === 'lab_order_sent') return `${cause}. We sent a new lab order at no charge: please visit the lab again.`;
  return `${cause}. This is your replacement kit, sent at no charge.`;
}
