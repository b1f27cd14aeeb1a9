import { auditLog, type Executor } from '@shop/db';

export interface AuditEntry {
  actor: { id: string | null; role: string };
  /** what was done, as a verb phrase: `order.approve`, `results.read`, `kit.ship` */
  action: string;
  subjectType:
    | 'order'
    | 'results'
    | 'customer'
    | 'coupon'
    | 'lead'
    | 'email'
    | 'account'
    | 'subscription'
    | 'coaching_slot'
    | 'lab_review'
    | 'outside_report'
    | 'support_thread'
    | 'staff_invitation'
    | 'clinician_licence'
    | 'experiment'
    | 'employer_group'
    | 'employer_invoice'
    | 'reward_ledger'
    | 'clinic'
    | 'clinic_member'
    | 'clinic_invitation'
    | 'clinic_join_request'
    | 'clinic_client'
    | 'affiliate'
    | 'provider_order'
    | 'provider_order_draft'
    | 'clinic_webhook_endpoint'
    | 'clinic_webhook_delivery'
    | 'payout_batch'
    | 'subscription_price_change'
    | 'job'
    | 'console_list';
  subjectId: string;
  /** the member whose data this is, when known: what the console's audit page and the member's own account look up */
  memberId?: string | null;
  detail?: Record<string, unknown>;
  ip?: string | null;
}

/**
 * Writes one line of the audit log: every console action and every read of a member's data. The
 * database chains it to the line before (seq, prev_hash, hash) and refuses to change it afterwards.
 */
export async function recordAudit(executor: Executor, entry: AuditEntry): Promise<void> {
  await executor.insert(auditLog).values({
    actorId: entry.actor.id,
    actorRole: entry.actor.role,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    memberId: entry.memberId ?? null,
    detail: entry.detail ?? {},
    ip: entry.ip ?? null,
  });
}
