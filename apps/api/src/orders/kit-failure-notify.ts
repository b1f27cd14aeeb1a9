import { replacementKitEmail, sampleNeedsClinicianEmail } from '../email/sample-templates.ts';
import { enqueueEmail } from '../email/queue.ts';
import { onEvent } from '../events/bus.ts';

const orderUrl = (publicUrl: string, orderId: string) => `${publicUrl}/account/orders/${orderId}`;

/** The member hears a new kit (or lab visit) is on its way at no charge, and why: once per replacement. */
export const tellMemberKitReplaced = (publicUrl: string) =>
  onEvent({
    name: 'orders.tell-member-kit-replaced',
    on: 'kit.replaced',
    mode: 'in-transaction',
    async handle(tx, event) {
      const { payload } = event;
      await enqueueEmail(
        tx,
        replacementKitEmail({
          to: payload.email,
          orderNumber: payload.number,
          kitTitle: payload.kitTitle,
          cause: payload.cause,
          method: payload.method,
          url: orderUrl(publicUrl, payload.orderId),
        }),
        `kit-replaced:${event.id}`,
      );
    },
  });

/** A sample failed with the kit's replacement used: the member hears a clinician will contact them. */
export const tellMemberSampleNeedsClinician = (publicUrl: string) =>
  onEvent({
    name: 'orders.tell-member-sample-clinician',
    on: 'kit.sample_rejected',
    mode: 'in-transaction',
    async handle(tx, { payload }) {
      if (payload.outcome !== 'clinician') return;
      await enqueueEmail(
        tx,
        sampleNeedsClinicianEmail({
          to: payload.email,
          orderNumber: payload.number,
          kitTitle: payload.kitTitle,
          cause: payload.reason,
          url: orderUrl(publicUrl, payload.orderId),
        }),
        `sample-clinician:${payload.failureId}`,
      );
    },
  });
