import type { PaymentGateway, PaymentOutcome, PaymentPurpose } from '../payments/port.ts';
import { InvalidPaymentMethodError } from '../payments/port.ts';
import { payments, refunds } from './metrics.ts';

/**
 * The payment port with its outcomes counted: every charge and refund of the shop goes through
 * the gateway, whichever module asks (checkout, the program's charge, deliveries, a clinic's card,
 * surplus refunds), so counting here counts them all once. A thrown error is an `error` (the
 * gateway unreachable), or `invalid` for card details the gateway refused as such.
 */
export function countedGateway<T extends PaymentGateway>(gateway: T): T {
  async function counted(purpose: PaymentPurpose, charge: () => Promise<PaymentOutcome>): Promise<PaymentOutcome> {
    try {
      const outcome = await charge();
      payments.inc({ purpose, outcome: outcome.status });
      return outcome;
    } catch (error) {
      payments.inc({ purpose, outcome: error instanceof InvalidPaymentMethodError ? 'invalid' : 'error' });
      throw error;
    }
  }
  // the gateway's own other members (the test gateway's `authenticate`) stay reachable through the prototype
  const counting: Pick<PaymentGateway, 'pay' | 'chargeSaved' | 'saveCard' | 'refund'> = {
    pay: (request) => counted(request.metadata.purpose, () => gateway.pay(request)),
    chargeSaved: (request) => counted(request.metadata.purpose, () => gateway.chargeSaved(request)),
    saveCard: (request) => counted(request.metadata.purpose, () => gateway.saveCard(request)),
    async refund(request) {
      try {
        const outcome = await gateway.refund(request);
        refunds.inc({ outcome: outcome.status });
        return outcome;
      } catch (error) {
        refunds.inc({ outcome: 'error' });
        throw error;
      }
    },
  };
  return Object.assign(Object.create(gateway) as T, counting);
}
