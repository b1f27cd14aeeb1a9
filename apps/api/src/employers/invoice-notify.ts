import { and, eq, isNotNull } from 'drizzle-orm';
import { formatMoney } from '@shop/core';
import { employerAdmins, employerGroups } from '@shop/db';
import { enqueueEmail } from '../email/queue.ts';
import { layout } from '../email/templates.ts';
import { onEvent } from '../events/bus.ts';
import { INVOICE_DUE_DAYS } from './invoices.ts';

/**
 * A group's employer admins hear that its month's invoice is ready in the portal, once each (the
 * outbox's key holds against a replayed event). The e-mail names the invoice, never an order.
 */
export const tellEmployerAdminsOfInvoice = (publicUrl: string) =>
  onEvent({
    name: 'employers.tell-admins-of-invoice',
    on: 'employer_invoice.issued',
    mode: 'queued',
    async handle(tx, { payload }) {
      const [group] = await tx.select({ name: employerGroups.name }).from(employerGroups).where(eq(employerGroups.id, payload.groupId));
      if (!group) return;
      const admins = await tx
        .select({ email: employerAdmins.email })
        .from(employerAdmins)
        .where(and(eq(employerAdmins.groupId, payload.groupId), isNotNull(employerAdmins.acceptedAt)));
      for (const { email } of admins) {
        const message = layout(
          'employer-invoice-issued',
          email,
          `Invoice INV-${payload.number} of ${group.name} for ${payload.period}`,
          [
            `The invoice of ${group.name}'s covered tests, as of ${payload.period}, is ready: INV-${payload.number}, ${formatMoney(payload.totalCents)}.`,
            `It bills covered tests and programs per product, each line for five people or more, never an order or a person. It is due in ${INVOICE_DUE_DAYS} days.`,
          ],
          { label: 'See the invoice', url: `${publicUrl}/business/portal` },
        );
        await enqueueEmail(tx, message, `employer-invoice:${payload.invoiceId}:${email}`);
      }
    },
  });
