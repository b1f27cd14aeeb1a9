import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { cardBrand, isValidCardNumber, normaliseCardNumber, testCardOutcome, type TestCardOutcome } from '@shop/core';
import { testGatewayCharges, type Database } from '@shop/db';
import {
  InvalidPaymentMethodError,
  WebhookSignatureError,
  type OffSessionRequest,
  type PayRequest,
  type PaymentGateway,
  type PaymentOutcome,
  type SaveCardRequest,
} from './port.ts';

type ChargeRow = typeof testGatewayCharges.$inferSelect;

const tokenPattern =
  /^pm_test_(succeeds|declined|insufficient_funds|requires_authentication|always_authenticate|declines_later)_([a-z]+)_(\d{4})_(?:([0-9a-f]{16})_)?(?:e(\d{4})_)?[0-9a-f]{16}$/;

/**
 * Turns card details into a payment method reference, as a real gateway's browser library does.
 * The reference carries the test card's behaviour, brand, last four digits, fingerprint and (when
 * given as MM/YY) expiry; the number itself is dropped here and never stored.
 */
export function tokenizeTestCard(number: string, expiry?: string): string {
  if (!isValidCardNumber(number)) throw new InvalidPaymentMethodError();
  const digits = normaliseCardNumber(number);
  const card = `${testCardOutcome(digits)}_${cardBrand(digits)}_${digits.slice(-4)}_${testCardFingerprint(digits)}`;
  const monthYear = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry ?? '');
  const expires = monthYear ? `_e${monthYear[1]}${monthYear[2]}` : '';
  return `pm_test_${card}${expires}_${randomBytes(8).toString('hex')}`;
}

/**
 * The same card number always gives the same fingerprint, as a processor's does, and the number
 * cannot be read back from it (a hash of the digits, cut short).
 */
export function testCardFingerprint(digits: string): string {
  return createHash('sha256').update(`test-card:${digits}`).digest('hex').slice(0, 16);
}

interface TestCard {
  outcome: TestCardOutcome;
  brand: string;
  last4: string;
  fingerprint: string | null;
  expiry: { month: number; year: number } | null;
}

function readToken(paymentMethod: string): TestCard {
  const match = tokenPattern.exec(paymentMethod);
  if (!match) throw new InvalidPaymentMethodError();
  const expiry = match[5] ? { month: Number(match[5].slice(0, 2)), year: 2000 + Number(match[5].slice(2)) } : null;
  return { outcome: match[1] as TestCardOutcome, brand: match[2]!, last4: match[3]!, fingerprint: match[4] ?? null, expiry };
}

export interface TestGateway extends PaymentGateway {
  readonly name: 'test';
  /**
   * The test gateway's stand-in for the bank's authentication screen: the customer approves
   * or refuses a payment that asked for it.
   */
  authenticate(clientSecret: string, approve: boolean): Promise<PaymentOutcome>;
}

/**
 * The embedded default gateway: Stripe's test-card semantics, its payments kept in the database
 * like a processor keeps them, so a retry with the same idempotency key returns the first result.
 */
export function createTestGateway(db: Database): TestGateway {
  async function record(idempotencyKey: string, values: Omit<typeof testGatewayCharges.$inferInsert, 'idempotencyKey'>) {
    const [inserted] = await db
      .insert(testGatewayCharges)
      .values({ idempotencyKey, ...values })
      .onConflictDoNothing()
      .returning();
    // a repeated key: the first request's charge is the answer
    const [row] = inserted
      ? [inserted]
      : await db.select().from(testGatewayCharges).where(eq(testGatewayCharges.idempotencyKey, idempotencyKey));
    if (!row) throw new Error('The test gateway lost a payment it just wrote');
    return outcomeOf(row);
  }

  return {
    name: 'test',
    testMode: true,
    browserConfig: () => ({ gateway: 'test', testMode: true }),

    async pay(request: PayRequest) {
      const card = readToken(request.paymentMethod);
      const customerId = request.customerId ?? `cus_test_${randomBytes(8).toString('hex')}`;
      const status =
        card.outcome === 'succeeds' || card.outcome === 'declines_later'
          ? 'succeeded'
          : card.outcome === 'requires_authentication' || card.outcome === 'always_authenticate'
            ? 'requires_action'
            : 'declined';
      return record(request.idempotencyKey, {
        id: `${request.amountCents === 0 ? 'seti' : 'pi'}_test_${randomBytes(12).toString('hex')}`,
        kind: request.amountCents === 0 ? 'setup' : 'payment',
        amountCents: request.amountCents,
        paymentMethod: request.paymentMethod,
        customerId: request.saveForLater ? customerId : null,
        status,
        declineCode: status === 'declined' ? declineCodeOf(card.outcome) : null,
        clientSecret: `secret_${randomBytes(16).toString('hex')}`,
        cardBrand: card.brand,
        cardLast4: card.last4,
        cardFingerprint: card.fingerprint,
      });
    },

    async saveCard(request: SaveCardRequest) {
      const card = readToken(request.paymentMethod);
      // a card that asks for authentication asks once, when it is saved; charges without its holder then go through
      const status =
        card.outcome === 'succeeds' || card.outcome === 'declines_later'
          ? 'succeeded'
          : card.outcome === 'requires_authentication' || card.outcome === 'always_authenticate'
            ? 'requires_action'
            : 'declined';
      return record(request.idempotencyKey, {
        id: `seti_test_${randomBytes(12).toString('hex')}`,
        kind: 'setup',
        amountCents: 0,
        paymentMethod: request.paymentMethod,
        customerId: request.customerId ?? `cus_test_${randomBytes(8).toString('hex')}`,
        status,
        declineCode: status === 'declined' ? declineCodeOf(card.outcome) : null,
        clientSecret: `secret_${randomBytes(16).toString('hex')}`,
        cardBrand: card.brand,
        cardLast4: card.last4,
        cardFingerprint: card.fingerprint,
      });
    },

    async retrieve(paymentId: string) {
      const [row] = await db.select().from(testGatewayCharges).where(eq(testGatewayCharges.id, paymentId));
      if (!row) throw new InvalidPaymentMethodError();
      return outcomeOf(row);
    },

    async chargeSaved(request: OffSessionRequest) {
      const card = readToken(request.paymentMethod);
      // a card saved after authentication charges without the customer, except one that always asks
      const status = card.outcome === 'succeeds' || card.outcome === 'requires_authentication' ? 'succeeded' : 'declined';
      return record(request.idempotencyKey, {
        id: `pi_test_${randomBytes(12).toString('hex')}`,
        kind: 'payment',
        amountCents: request.amountCents,
        paymentMethod: request.paymentMethod,
        customerId: request.customerId,
        offSession: true,
        status,
        declineCode:
          status === 'declined' ? (card.outcome === 'always_authenticate' ? 'authentication_required' : declineCodeOf(card.outcome)) : null,
        cardBrand: card.brand,
        cardLast4: card.last4,
        cardFingerprint: card.fingerprint,
      });
    },

    async refund(request) {
      const [row] = await db
        .update(testGatewayCharges)
        .set({ refundedCents: request.amountCents })
        .where(and(eq(testGatewayCharges.id, request.paymentId), eq(testGatewayCharges.status, 'succeeded')))
        .returning();
      if (!row || request.amountCents > row.amountCents) return { id: `re_test_${request.idempotencyKey}`, status: 'failed' };
      return { id: `re_test_${request.idempotencyKey}`, status: 'succeeded' };
    },

    parseWebhook() {
      throw new WebhookSignatureError('the built-in test gateway sends no webhooks');
    },

    async authenticate(clientSecret: string, approve: boolean) {
      const id = clientSecret.split('_secret_')[0] ?? '';
      const secret = clientSecret.slice(id.length + 1);
      const [row] = await db
        .update(testGatewayCharges)
        .set(approve ? { status: 'succeeded' } : { status: 'declined', declineCode: 'payment_intent_authentication_failure' })
        .where(
          and(eq(testGatewayCharges.id, id), eq(testGatewayCharges.clientSecret, secret), eq(testGatewayCharges.status, 'requires_action')),
        )
        .returning();
      if (row) return outcomeOf(row);
      // already decided: answer with what it is
      const [current] = await db
        .select()
        .from(testGatewayCharges)
        .where(and(eq(testGatewayCharges.id, id), eq(testGatewayCharges.clientSecret, secret)));
      if (!current) throw new InvalidPaymentMethodError();
      return outcomeOf(current);
    },
  };
}

function expiryOf(paymentMethod: string): TestCard['expiry'] {
  try {
    return readToken(paymentMethod).expiry;
  } catch {
    return null;
  }
}

function declineCodeOf(outcome: TestCardOutcome): string {
  return outcome === 'insufficient_funds' ? 'insufficient_funds' : 'card_declined';
}

function outcomeOf(row: ChargeRow): PaymentOutcome {
  const status = row.status === 'succeeded' ? 'succeeded' : row.status === 'requires_action' ? 'requires_action' : 'declined';
  return {
    status,
    id: row.id,
    amountCents: row.amountCents,
    customerId: row.customerId,
    savedPaymentMethod: row.customerId && status === 'succeeded' ? row.paymentMethod : null,
    cardBrand: row.cardBrand,
    cardLast4: row.cardLast4,
    cardFingerprint: row.cardFingerprint,
    cardExpiry: expiryOf(row.paymentMethod),
    clientSecret: status === 'requires_action' && row.clientSecret ? `${row.id}_${row.clientSecret}` : null,
    declineCode: status === 'declined' ? (row.declineCode ?? 'card_declined') : null,
  };
}
