import { eq } from 'drizzle-orm';
import { formatMoney } from '@shop/core';
import { clinicClients, clinics, orders, providerOrders } from '@shop/db';
import { payLinkPaidEmail } from '../email/provider-payment-templates.ts';
import { enqueueEmail } from '../email/queue.ts';
import { onEvent } from '../events/bus.ts';
import { ordererOrAdmins } from './members.ts';

/**
 * The clinic hears that its client paid a pay link: the member who sent it is e-mailed, once per
 * order (the outbox's key holds against a replayed event). A sender who has left the clinic since
 * is no longer told of its clients; its admins are, so the news still reaches the clinic.
 */
export const tellSenderOfPaidPayLink = (publicUrl: string) =>
  onEvent({
    name: 'providers.tell-sender-of-paid-link',
    on: 'provider_order.paid',
    mode: 'queued',
    async handle(tx, { payload }) {
      const [row] = await tx
        .select({ order: providerOrders, client: clinicClients, clinicName: clinics.name, number: orders.number })
        .from(providerOrders)
        .innerJoin(clinicClients, eq(clinicClients.id, providerOrders.clientId))
        .innerJoin(clinics, eq(clinics.id, providerOrders.clinicId))
        .leftJoin(orders, eq(orders.id, providerOrders.orderId))
        .where(eq(providerOrders.id, payload.providerOrderId));
      // an order the clinic paid was charged by a member, who saw it paid at once
      if (!row || row.order.payer === 'clinic') return;
      const recipients = await ordererOrAdmins(tx, row.order.clinicId, row.order.createdBy);
      for (const { email } of recipients) {
        await enqueueEmail(
          tx,
          payLinkPaidEmail({
            to: email,
            clientName: `${row.client.firstName} ${row.client.lastName}`,
            clinicName: row.clinicName,
            tests: row.order.items.map((item) => item.title),
            total: formatMoney(payload.totalCents),
            orderNumber: row.number,
            url: `${publicUrl}/providers/dashboard`,
          }),
          `provider-order-paid:${row.order.id}:${email.toLowerCase()}`,
        );
      }
    },
  });
