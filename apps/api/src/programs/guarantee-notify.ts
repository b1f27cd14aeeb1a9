import { formatMoney } from '@shop/core';
import { enqueueEmail } from '../email/queue.ts';
import { guaranteeAppliedEmail } from '../email/program-templates.ts';
import { onEvent } from '../events/bus.ts';

/** The member hears the guarantee was applied: how much and where it went, once per order (when anything came back to them). */
export const tellMemberGuaranteeApplied = (publicUrl: string) =>
  onEvent({
    name: 'program.tell-guarantee-applied',
    on: 'program.guarantee_applied',
    mode: 'in-transaction',
    async handle(tx, { payload }) {
      // an order its employer paid for whole: the money went back to the employer, none to the member
      if (payload.amountCents <= 0) return;
      await enqueueEmail(
        tx,
        guaranteeAppliedEmail({
          to: payload.email,
          orderNumber: payload.number,
          amount: formatMoney(payload.amountCents),
          method: payload.method,
          accountUrl: payload.method === 'refund' ? `${publicUrl}/account/orders/${payload.orderId}` : `${publicUrl}/account`,
        }),
        `program-guarantee:${payload.orderId}`,
      );
    },
  });
