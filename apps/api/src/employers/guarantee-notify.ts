import { and, eq, isNotNull } from 'drizzle-orm';
import { formatMoney } from '@shop/core';
import { employerAdmins, employerCoveredOrders, employerGroups } from '@shop/db';
import { enqueueEmail } from '../email/queue.ts';
import { layout } from '../email/templates.ts';
import { onEvent } from '../events/bus.ts';

/**
 * A group's employer admins hear that an Improvement Program guarantee gave back what the group
 * paid for a covered order's tests, and where it went: to the prepaid balance at once, or as a
 * credit on the next monthly invoice (decision 0052). Once per order and admin (the outbox's key
 * holds against a replayed event). The e-mail names the order's number and the amount, as the
 * invoice does, never the employee or their tests.
 */
export const tellEmployerAdminsOfGuarantee = (publicUrl: string) =>
  onEvent({
    name: 'employers.tell-admins-of-guarantee',
    on: 'program.guarantee_applied',
    mode: 'queued',
    async handle(tx, { payload }) {
      const cents = payload.employerCents ?? 0;
      if (cents <= 0) return;
      const [covered] = await tx
        .select({ groupId: employerCoveredOrders.groupId, name: employerGroups.name, prepaid: employerCoveredOrders.prepaid })
        .from(employerCoveredOrders)
        .innerJoin(employerGroups, eq(employerGroups.id, employerCoveredOrders.groupId))
        .where(eq(employerCoveredOrders.orderId, payload.orderId));
      if (!covered) return;
      const admins = await tx
        .select({ email: employerAdmins.email })
        .from(employerAdmins)
        .where(and(eq(employerAdmins.groupId, covered.groupId), isNotNull(employerAdmins.acceptedAt)));
      const amount = formatMoney(cents);
      const where = covered.prepaid
        ? `It is back in ${covered.name}'s prepaid balance now.`
        : `It is credited on ${covered.name}'s next monthly invoice, as a line of its own.`;
      for (const { email } of admins) {
        const message = layout(
          'employer-guarantee-credit',
          email,
          `${amount} back to ${covered.name}: program guarantee on order #${payload.number}`,
          [
            `The Improvement Program's guarantee was applied to covered order #${payload.number}: the ${amount} ${covered.name} paid for its tests goes back to ${covered.name}.`,
            where,
          ],
          { label: 'See the portal', url: `${publicUrl}/business/portal` },
        );
        await enqueueEmail(tx, message, `employer-guarantee:${payload.orderId}:${email}`);
      }
    },
  });
