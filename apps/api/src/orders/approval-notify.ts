import { orderApprovedEmail } from '../email/kit-templates.ts';
import { enqueueEmail } from '../email/queue.ts';
import { onEvent } from '../events/bus.ts';
import { findChosenLab } from './repository.ts';

/**
 * The member hears that a clinician approved their order and what comes next: the kit ships, or
 * the lab to visit. A program's retest, approved by the shop itself, has its own e-mail
 * (`program.retest_created`) and gets none here. Once per order, whoever runs it again.
 */
export const tellMemberOrderApproved = (publicUrl: string) =>
  onEvent({
    name: 'orders.tell-member-approved',
    on: 'order.approved',
    mode: 'in-transaction',
    async handle(tx, { payload }) {
      if (payload.actor === 'system') return;
      const lab = payload.method === 'lab' ? ((await findChosenLab(tx, payload.orderId)) ?? null) : null;
      await enqueueEmail(
        tx,
        orderApprovedEmail({
          to: payload.email,
          orderNumber: payload.number,
          method: payload.method,
          lab,
          url: `${publicUrl}/account/orders/${payload.orderId}`,
        }),
        `order-approved:${payload.orderId}`,
      );
    },
  });
