import { paymentEvents, type Database } from '@shop/db';
import type { EventRecorder } from '../events/bus.ts';
import type { IssuedInvoiceEvent } from '../payments/port.ts';

/**
 * Applies one verified webhook about an invoice the gateway issued (Stripe Invoicing), once: its
 * id is written with the `issued_invoice.settled` event it becomes, in one transaction, so a second
 * delivery (or two at once) records nothing. Billing does not know whose invoice it is: whoever
 * issued it through the gateway subscribes and finds it by its reference.
 */
export async function applyIssuedInvoiceEvent(
  deps: { db: Database; events: EventRecorder },
  issuer: string,
  event: IssuedInvoiceEvent,
): Promise<'applied' | 'duplicate'> {
  return deps.db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(paymentEvents)
      .values({ id: event.id, gateway: issuer, provider: issuer, type: event.type })
      .onConflictDoNothing()
      .returning();
    if (!fresh) return 'duplicate';
    await deps.events.record(tx, 'issued_invoice.settled', {
      issuer,
      reference: event.invoiceId,
      issuedFor: event.issuedFor,
      outcome: event.type === 'invoice_paid' ? 'paid' : 'void',
      at: event.at.toISOString(),
    });
    return 'applied';
  });
}
