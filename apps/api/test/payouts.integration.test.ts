import { and, eq } from 'drizzle-orm';
import { payoutAccountMessages } from '@shop/core';
import { auditLog, jobs, payouts, rewardLedger } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveClearedRewards } from '../src/affiliates/ledger.ts';
import { createStripeConnectPayouts } from '../src/payouts/stripe-connect.ts';
import { PAYOUT_CLAIM_TIMEOUT_MS, runPayouts } from '../src/payouts/run.ts';
import { createTestShop, staffVisitor, type Visitor, type TestShop } from './helpers.ts';
import { payLinkHelpers } from './provider-helpers.ts';
import { startStripeFake, type StripeFake } from './stripe-fake.ts';

// Clinics are paid what the ledger owes them (their clients' fees, their provider referral
// rewards) like affiliates: once a month, above $25, one payout each; with Stripe Connect, by a
// transfer to the account an operator set, under the payout's idempotency key.
let shop: TestShop;
let fake: StripeFake;
beforeAll(async () => {
  shop = await createTestShop({ env: { PUBLIC_URL: 'http://shop.test' } });
  fake = await startStripeFake();
});
afterAll(async () => {
  await shop.close();
  await fake.close();
});

const day = 86_400_000;
const afterWindow = () => new Date(Date.now() + 31 * day);
const db = () => shop.database.db;
const { newClinic, addClient, payByLink, sendOrder } = payLinkHelpers(() => shop);
const connect = () => createStripeConnectPayouts({ secretKey: 'sk_test_payouts', apiUrl: fake.url, maxNetworkRetries: 0 });

/** A clinic whose client paid a custom-fee order with a $30 fee, the fee approved once the refund window passed. */
async function clinicOwedAFee() {
  const clinic = await newClinic();
  const client = await addClient(clinic.admin);
  await sendOrder(clinic.admin, client.id, ['test-1'], { payer: 'custom_fee', feeCents: 3000 });
  const { order } = await payByLink(client.email);
  await db().transaction((tx) => approveClearedRewards(tx, afterWindow()));
  const [entry] = await db().select().from(rewardLedger).where(eq(rewardLedger.orderId, order.id));
  expect(entry).toMatchObject({ kind: 'clinic_fee', status: 'approved', amountCents: 3000 });
  return { ...clinic, clinicId: entry!.clinicId!, orderId: order.id };
}

async function payoutOf(clinicId: string) {
  const rows = await db().select().from(payouts).where(eq(payouts.clinicId, clinicId));
  expect(rows.length).toBeLessThanOrEqual(1);
  return rows[0];
}

const transfersTo = (account: string) => [...fake.ledger.transfers.values()].filter((transfer) => transfer.destination === account);

async function setAccount(operator: Visitor, clinicId: string, stripeAccountId: string) {
  return operator.post('/api/admin/payouts/accounts', { payee: 'clinic', payeeId: clinicId, stripeAccountId });
}

describe('payouts to clinics', () => {
  it('waits for the clinic’s Stripe account, then transfers its fees once, and the clinic sees them paid out', async () => {
    const { admin, clinicId, clinicName, orderId } = await clinicOwedAFee();
    const now = afterWindow();

    const first = await runPayouts(db(), connect(), now);
    const waiting = await payoutOf(clinicId);
    expect(waiting).toMatchObject({
      status: 'pending',
      amountCents: 3000,
      lastError: `${clinicName} has no Stripe account for payouts yet`,
    });
    expect(first.waiting).toContainEqual({ payoutId: waiting!.id, reason: waiting!.lastError });
    expect(first.paid.some((paid) => paid.payeeId === clinicId)).toBe(false);

    const operator = await staffVisitor(shop, 'operator');
    const overview = (await operator.get('/api/admin/payouts')).json();
    expect(overview.payees).toContainEqual({ kind: 'clinic', id: clinicId, name: clinicName, owed: '$0.00', stripeAccountId: null });
    expect(overview.payouts).toContainEqual(
      expect.objectContaining({
        id: waiting!.id,
        payee: clinicName,
        kind: 'clinic',
        amount: '$30.00',
        status: 'pending',
        waitingFor: waiting!.lastError,
      }),
    );

    const account = `acct_${clinicId.replaceAll('-', '').slice(0, 16)}`;
    const set = await setAccount(operator, clinicId, account);
    expect(set.statusCode, set.body).toBe(200);
    const [audited] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payout_account.set'), eq(auditLog.subjectId, clinicId)));
    expect(audited?.detail).toEqual({ stripeAccountId: account, previous: null });
    // the payout waiting for it is asked again now, not next month
    expect(await db().select().from(jobs).where(eq(jobs.name, 'rewards.payout'))).not.toHaveLength(0);

    const second = await runPayouts(db(), connect(), new Date(now.getTime() + 60_000));
    expect(second.paid).toContainEqual({ payee: 'clinic', payeeId: clinicId, payoutId: waiting!.id, amountCents: 3000 });
    const [transfer] = transfersTo(account);
    expect(transfersTo(account)).toHaveLength(1);
    expect(transfer).toMatchObject({ amount: 3000, currency: 'usd', metadata: { payout_id: waiting!.id, payee_kind: 'clinic' } });
    expect(await payoutOf(clinicId)).toMatchObject({ status: 'paid', reference: transfer!.id, lastError: null });
    const keys = fake.requests.filter((request) => request.path === '/v1/transfers').map((request) => request.idempotencyKey);
    expect(keys).toContain(`clinic-payout:${waiting!.id}`);
    expect((await db().select().from(rewardLedger).where(eq(rewardLedger.orderId, orderId)))[0]).toMatchObject({ status: 'paid' });

    const fees = (await admin.get('/api/providers/fees')).json();
    expect(fees).toMatchObject({ earned: '$30.00', paidOut: '$30.00', owed: '$0.00' });
    expect(fees.entries[0].state).toBe('paid_out');

    // nothing more to pay: a third run transfers nothing
    await runPayouts(db(), connect(), new Date(now.getTime() + 120_000));
    expect(transfersTo(account)).toHaveLength(1);
  });

  it('two runs at once record one payout and make one transfer', async () => {
    const { clinicId } = await clinicOwedAFee();
    const operator = await staffVisitor(shop, 'operator');
    const account = `acct_race${clinicId.replaceAll('-', '').slice(0, 12)}`;
    expect((await setAccount(operator, clinicId, account)).statusCode).toBe(200);
    const now = afterWindow();
    const runs = await Promise.all([runPayouts(db(), connect(), now), runPayouts(db(), connect(), now)]);
    expect(runs.flatMap((run) => run.paid).filter((paid) => paid.payeeId === clinicId)).toHaveLength(1);
    expect(transfersTo(account)).toHaveLength(1);
    expect(await payoutOf(clinicId)).toMatchObject({ status: 'paid', amountCents: 3000 });
  });

  it('keeps a payout waiting when the account cannot receive transfers, and pays once after an outage with the same key', async () => {
    const { clinicId } = await clinicOwedAFee();
    const operator = await staffVisitor(shop, 'operator');
    const refusing = `acct_nocap${clinicId.replaceAll('-', '').slice(0, 10)}`;
    expect((await setAccount(operator, clinicId, refusing)).statusCode).toBe(200);
    const now = afterWindow();
    const refused = await runPayouts(db(), connect(), now);
    const waiting = await payoutOf(clinicId);
    expect(waiting).toMatchObject({ status: 'pending' });
    expect(waiting!.lastError).toContain('cannot receive payouts');
    expect(refused.waiting.map((entry) => entry.payoutId)).toContain(waiting!.id);

    // the right account, and Stripe down for the next try: the run stops, the payout stays claimed
    const account = `acct_fixed${clinicId.replaceAll('-', '').slice(0, 10)}`;
    expect((await setAccount(operator, clinicId, account)).statusCode).toBe(200);
    fake.failNext(1);
    await expect(runPayouts(db(), connect(), new Date(now.getTime() + 60_000))).rejects.toThrow();
    expect(await payoutOf(clinicId)).toMatchObject({ status: 'pending' });
    const retried = await runPayouts(db(), connect(), new Date(now.getTime() + 60_000 + PAYOUT_CLAIM_TIMEOUT_MS + 1));
    expect(retried.paid.filter((paid) => paid.payeeId === clinicId)).toHaveLength(1);
    expect(transfersTo(account)).toHaveLength(1);
    const keys = fake.requests
      .filter((request) => request.path === '/v1/transfers' && request.body.destination === account)
      .map((request) => request.idempotencyKey);
    expect(new Set(keys)).toEqual(new Set([`clinic-payout:${waiting!.id}`]));
  });

  it('the console refuses a malformed account or an unknown payee, and exports the month’s batch', async () => {
    const { clinicId, clinicName } = await clinicOwedAFee();
    const operator = await staffVisitor(shop, 'operator');
    for (const stripeAccountId of ['', 'acct_', 'cus_123456789', 'acct_12345 6789']) {
      const refused = await setAccount(operator, clinicId, stripeAccountId);
      expect(refused.statusCode, stripeAccountId).toBe(400);
      expect(refused.json().message).toContain(payoutAccountMessages.account);
    }
    const unknown = await setAccount(operator, crypto.randomUUID(), 'acct_1234567890');
    expect(unknown.statusCode).toBe(404);
    expect(
      await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'payout_account.set'), eq(auditLog.subjectId, clinicId))),
    ).toEqual([]);

    const now = afterWindow();
    await runPayouts(db(), connect(), now);
    const period = now.toISOString().slice(0, 7);
    const csv = await operator.get(`/api/admin/payouts/batch.csv?period=${period}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe('payout,payee,kind,email,period,amount,status,reference');
    expect(csv.body).toContain(`${clinicName},clinic,`);
    expect((await operator.get('/api/admin/payouts/batch.csv?period=2026-13')).statusCode).toBe(400);
  });
});
