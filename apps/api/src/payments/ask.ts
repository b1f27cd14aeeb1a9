import { messages } from '@shop/core';
import { AppError, badRequest } from '../errors.ts';
import { GatewayUnavailableError, InvalidPaymentMethodError, type PaymentOutcome } from './port.ts';

/**
 * The gateway's answer, or the clear message of why there is none: a card it cannot use is the
 * person's to fix (400), a gateway out of reach is a try again later (502).
 */
export async function askGateway(ask: () => Promise<PaymentOutcome>): Promise<PaymentOutcome> {
  try {
    return await ask();
  } catch (error) {
    if (error instanceof InvalidPaymentMethodError) throw badRequest('INVALID_PAYMENT_METHOD', error.message);
    if (error instanceof GatewayUnavailableError) throw new AppError(502, 'PAYMENT_UNAVAILABLE', messages.checkoutFailed);
    throw error;
  }
}
