import type { OffSessionRequest, PaymentGateway, PaymentOutcome } from '../src/payments/port.ts';
import { createTestGateway } from '../src/payments/test-gateway.ts';
import { createTestShop } from './helpers.ts';

/** What the gateway answers when the card's bank declines an off-session charge, with the bank's `declineCode`. */
export function declinedCharge(request: OffSessionRequest, declineCode: string): PaymentOutcome {
  return {
    status: 'declined',
    id: `pi_declined_${request.idempotencyKey}`,
    amountCents: request.amountCents,
    customerId: request.customerId,
    savedPaymentMethod: null,
    cardBrand: null,
    cardLast4: null,
    clientSecret: null,
    declineCode,
  };
}

/** How the gateway treats an order's off-session charges in a test: declined, or taken and then the worker dies. */
export type ScriptedCharge = 'decline' | 'crash_after_charge';

/**
 * The test gateway, but with each order's off-session charges treated as `behaviour` says for the
 * order's id (the real test gateway for orders it does not name). A crash happens once: the money
 * is taken, the worker is gone before the shop writes it down, and the next try is the real one.
 */
export function scriptedGateway(behaviour: Map<string, ScriptedCharge>) {
  return (db: Parameters<typeof createTestGateway>[0]): PaymentGateway => {
    const real = createTestGateway(db);
    return {
      ...real,
      async chargeSaved(request) {
        const mode = behaviour.get(request.metadata.orderId);
        if (mode === 'decline') return declinedCharge(request, 'card_declined');
        const outcome = await real.chargeSaved(request);
        if (mode === 'crash_after_charge') {
          behaviour.delete(request.metadata.orderId);
          throw new Error('the worker was killed');
        }
        return outcome;
      },
    };
  };
}

/** A shop whose gateway follows `behaviour`, with the support address and public address its e-mails name. */
export function shopWithScriptedGateway(behaviour: Map<string, ScriptedCharge>) {
  return createTestShop({
    payments: scriptedGateway(behaviour),
    env: { SUPPORT_EMAIL: 'support@shop.test', PUBLIC_URL: 'http://shop.test' },
  });
}
