import type { KitStatus } from '../orders/kit-track.ts';

/**
 * Kits lost on their way, as a written rule (decision 0066). Peers send a replacement kit at no
 * charge (Everlywell, LetsGetChecked) and refund a purchase that expires without a sample (Quest:
 * 14 business days without a sample). Each case watches a kit state from one moment on: the
 * member is reminded on the days listed, then the shop acts.
 *
 * - not_delivered: a home kit shipped and never registered. Kits arrive in 2-5 business days, so
 *   at 10 days the member is asked whether it came; at 14 a replacement goes out.
 * - no_sample: a kit registered (or a lab order sent) and no sample after 14 days: reminders at
 *   14 and 21 days, then at 28 days (twice Quest's 14 business days) the order is refunded.
 * - sample_not_received: the member says the sample is in the post and the lab has not had it
 *   after 7 days: a note that we are looking for it, then at 10 days a replacement.
 *
 * A kit gets one replacement at no charge; a kit lost again is refunded instead.
 */
export type LostKitCase = 'not_delivered' | 'no_sample' | 'sample_not_received';

export interface LostKitRule {
  case: LostKitCase;
  /** days after the case's start on which the member is reminded */
  remindOnDays: readonly number[];
  /** days after the start on which the shop acts */
  actOnDay: number;
  /** what the shop does then, while the kit has its free replacement left */
  action: 'replace' | 'refund';
}

export const lostKitRules: Record<LostKitCase, LostKitRule> = {
  not_delivered: { case: 'not_delivered', remindOnDays: [10], actOnDay: 14, action: 'replace' },
  no_sample: { case: 'no_sample', remindOnDays: [14, 21], actOnDay: 28, action: 'refund' },
  sample_not_received: { case: 'sample_not_received', remindOnDays: [7], actOnDay: 10, action: 'replace' },
};

/** The kit as the rule reads it: its state and the moments each case starts from. */
export interface WatchedKit {
  status: KitStatus;
  method: 'home' | 'lab';
  shippedAt: Date | null;
  registeredAt: Date | null;
  /** when the member said the sample is in the post */
  sampleSentAt: Date | null;
  /** when the lab order went out (again, after a replacement): a partner lab's kit starts there */
  labOrderSentAt: Date | null;
  replacements: number;
}

/** Which case a kit is in, and since when; null when the lab is not waiting for it. */
export function lostKitCase(kit: WatchedKit): { case: LostKitCase; since: Date } | null {
  if (kit.status === 'shipped' && kit.shippedAt) return { case: 'not_delivered', since: kit.shippedAt };
  if (kit.status === 'registered' && kit.sampleSentAt) return { case: 'sample_not_received', since: kit.sampleSentAt };
  if (kit.status === 'registered' && kit.registeredAt) return { case: 'no_sample', since: kit.registeredAt };
  if (kit.status === 'lab_order_sent' && kit.labOrderSentAt) return { case: 'no_sample', since: kit.labOrderSentAt };
  return null;
}

const DAY_MS = 24 * 3600 * 1000;

export type LostKitStep =
  | { kind: 'wait' }
  /** `reminder`: which of the case's reminders is due (1 for the first) */
  | { kind: 'remind'; case: LostKitCase; reminder: number }
  | { kind: 'replace'; case: LostKitCase }
  | { kind: 'refund'; case: LostKitCase };

/**
 * What is due for a kit now: the last reminder whose day has come (the job sends each one once,
 * by its key), or the shop's action. A case whose action is a replacement refunds instead once
 * the kit's free replacement is used; a partner lab's order is never "replaced" by a kit, so its
 * only action is the refund.
 */
export function lostKitStep(kit: WatchedKit, now: Date, freeReplacements = 1): LostKitStep {
  const found = lostKitCase(kit);
  if (!found) return { kind: 'wait' };
  const rule = lostKitRules[found.case];
  const days = (now.getTime() - found.since.getTime()) / DAY_MS;
  if (days >= rule.actOnDay) {
    const replace = rule.action === 'replace' && kit.replacements < freeReplacements && kit.method === 'home';
    return { kind: replace ? 'replace' : 'refund', case: found.case };
  }
  const due = rule.remindOnDays.filter((day) => days >= day).length;
  return due > 0 ? { kind: 'remind', case: found.case, reminder: due } : { kind: 'wait' };
}

/** What the member reads in the reminder of each case. */
export const lostKitReminderWords: Record<LostKitCase, { subject: string; lines: readonly string[] }> = {
  not_delivered: {
    subject: 'Has your kit arrived?',
    lines: [
      'Your kit shipped 10 days ago and has not been registered yet. If it has arrived, register it with the code printed on it and send your sample.',
      'If it never came, you need do nothing: if it is still not registered 14 days after it shipped, we send you a new kit at no charge.',
    ],
  },
  no_sample: {
    subject: 'Your sample has not reached the lab yet',
    lines: [
      'You registered your kit, and the lab has not received a sample yet. Take your sample as the kit’s instructions say and send it back in the prepaid envelope.',
      'If no sample reaches the lab 28 days after you registered the kit, the order expires and we refund it in full.',
    ],
  },
  sample_not_received: {
    subject: 'We are looking for your sample',
    lines: [
      'You told us your sample is in the post, and the lab has not received it yet. Samples usually arrive within a few days; we are checking with the lab.',
      'If it has not arrived 10 days after you sent it, we send you a new kit at no charge.',
    ],
  },
};
