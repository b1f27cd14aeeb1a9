import { eq } from 'drizzle-orm';
import type { EmployerBillingDetails } from '@shop/core';
import { employerGroups, type Database, type Executor } from '@shop/db';
import { recordAudit } from '../audit/log.ts';

/** A group's billing details as kept: each null until its admin sets them. */
export function billingDetailsView(group: Pick<typeof employerGroups.$inferSelect, 'billingAddress' | 'billingEmail' | 'poNumber'>) {
  return { address: group.billingAddress, email: group.billingEmail, poNumber: group.poNumber };
}

export async function billingDetailsOf(db: Executor, groupId: string) {
  const [group] = await db
    .select({ billingAddress: employerGroups.billingAddress, billingEmail: employerGroups.billingEmail, poNumber: employerGroups.poNumber })
    .from(employerGroups)
    .where(eq(employerGroups.id, groupId));
  return billingDetailsView(group ?? { billingAddress: null, billingEmail: null, poNumber: null });
}

/**
 * The group's billing address, accounts-payable e-mail and PO, set by its employer admin, audited.
 * They are printed on the invoices issued from now on; an issued invoice keeps what it printed.
 */
export async function saveBillingDetails(
  db: Database,
  admin: { user: { id: string }; groupId: string; ip?: string },
  details: EmployerBillingDetails,
) {
  const { email, poNumber, ...address } = details;
  return db.transaction(async (tx) => {
    const [saved] = await tx
      .update(employerGroups)
      .set({ billingAddress: address, billingEmail: email, poNumber, updatedAt: new Date() })
      .where(eq(employerGroups.id, admin.groupId))
      .returning();
    await recordAudit(tx, {
      actor: { id: admin.user.id, role: 'employer_admin' },
      action: 'employer_group.billing_details',
      subjectType: 'employer_group',
      subjectId: admin.groupId,
      // an address of a business, not of a person; kept in the audit as it was set
      detail: { address, email, poNumber },
      ...(admin.ip ? { ip: admin.ip } : {}),
    });
    return billingDetailsView(saved!);
  });
}
