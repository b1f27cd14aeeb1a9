import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { cardBrand, isValidCardNumber, normaliseCardNumber, testCardOutcome, type TestCardOutcome } from '@shop/core';
import { testGatewayCharges, type Database } from '@shop/db';
import { InvalidPaymentMethodError, type ChargeRequest, type ChargeResult, type PaymentGateway } from './port.ts';

const tokenPattern = /^pm_test_(succeeds|declined|requires_authentication)_([a-z]+)_(\d{4})_[0-9a-f]{16}$/;

/**
 * Turns card details into a payment method reference, as a real gateway's browser library does.
 * The reference carries the test card's behaviour, brand and last four digits; the number
 * itself is dropped here and never stored.
 */
export function tokenizeTestCard(number: string): string {
  if (!isValidCardNumber(number)) throw new InvalidPaymentMethodError();
  const digits = normaliseCardNumber(number);
  return `pm_test_${testCardOutcome(digits)}_${cardBrand(digits)}_${digits.slice(-4)}_${randomBytes(8).toString('hex')}`;
}

/** The embedded default gateway: Stripe's test-card semantics, charges kept in the database. */
export function createTestGateway(db: Database): PaymentGateway {
  return {
    name: 'test',
    testMode: true,
    async charge(request: ChargeRequest): Promise<ChargeResult> {
      const match = tokenPattern.exec(request.paymentMethod);
      if (!match) throw new InvalidPaymentMethodError();
      const [, outcome, brand, last4] = match as unknown as [string, TestCardOutcome, string, string];
      const status = outcome === 'succeeds' ? 'succeeded' : outcome === 'declined' ? 'declined' : 'requires_action';
      // the idempotency key is the primary key: a second charge with it returns the first
      await db
        .insert(testGatewayCharges)
        .values({
          idempotencyKey: request.idempotencyKey,
          id: `ch_test_${randomBytes(12).toString('hex')}`,
          amountCents: request.amountCents,
          status,
          declineCode: status === 'declined' ? 'card_declined' : null,
          cardBrand: brand,
          cardLast4: last4,
        })
        .onConflictDoNothing();
      const [charge] = await db
        .select()
        .from(testGatewayCharges)
        .where(eq(testGatewayCharges.idempotencyKey, request.idempotencyKey));
      if (!charge) throw new Error('The test gateway lost a charge it just wrote');
      const base = { id: charge.id, cardBrand: charge.cardBrand, cardLast4: charge.cardLast4 };
      if (charge.status === 'succeeded') return { status: 'succeeded', ...base };
      if (charge.status === 'declined') return { status: 'declined', ...base, declineCode: charge.declineCode ?? 'card_declined' };
      return { status: 'requires_action', ...base };
    },
  };
}
