import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { migrate, migrationsFolder, payments, type DatabaseHandle } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, migrationsFolderUpTo } from './earlier-release.ts';

/**
 * Migration 0062 names the payment gateway `gateway` beside the old `provider` columns
 * (docs/decisions/0090-the-gateway-is-never-a-provider.md). During an upgrade the release before
 * keeps writing only the old names while this one writes both and reads the new: the rows made
 * before are copied, and the triggers fill whichever side a statement left out.
 */
const GATEWAY_MIGRATION = '0062_gateway_named_gateway';

function releaseBefore(): string {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === GATEWAY_MIGRATION);
  expect(at, `${GATEWAY_MIGRATION} is in the journal`).toBeGreaterThan(0);
  return journal.entries[at - 1]!.tag;
}

async function rows(handle: DatabaseHandle, query: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> {
  const result = await handle.db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: Record<string, unknown>[] }).rows) as Record<string, unknown>[];
}

const userId = `user-${randomUUID()}`;
const orderId = randomUUID();
const clinicId = randomUUID();

/** A member's order with a paid attempt, their gateway customer, a webhook event and a clinic's card, in the old names only. */
async function writeBefore(handle: DatabaseHandle): Promise<void> {
  const cartId = randomUUID();
  await handle.db.execute(
    sql`insert into users (id, name, email, email_verified, role) values (${userId}, 'Gateway Member', 'gateway.member@example.com', true, 'customer')`,
  );
  await handle.db.execute(sql`insert into carts (id, user_id, status) values (${cartId}, ${userId}, 'checked_out')`);
  await handle.db.execute(
    sql`insert into orders (id, user_id, cart_id, email, status, subtotal_cents, discount_cents, tax_cents, shipping_cents, total_cents, paid_at)
        values (${orderId}, ${userId}, ${cartId}, 'gateway.member@example.com', 'paid', 4900, 0, 0, 0, 4900, now())`,
  );
  await handle.db.execute(
    sql`insert into payments (order_id, provider, attempt_key, provider_payment_id, amount_cents, status)
        values (${orderId}, 'stripe', ${`checkout:${orderId}:1`}, 'pi_before', 4900, 'succeeded')`,
  );
  await handle.db.execute(sql`insert into payment_customers (user_id, provider, customer_id) values (${userId}, 'stripe', 'cus_before')`);
  await handle.db.execute(sql`insert into payment_events (id, provider, type) values ('evt_before', 'stripe', 'payment_intent.succeeded')`);
  await handle.db.execute(
    sql`insert into clinics (id, name, normalised_name, type, address_line1, city, state, postal_code)
        values (${clinicId}, 'Gateway Clinic', 'gateway clinic', 'clinic', '1 Main St', 'Boston', 'MA', '02110')`,
  );
  await handle.db.execute(sql`insert into clinic_cards (clinic_id, provider, customer_id) values (${clinicId}, 'test', 'cus_clinic')`);
}

describe(`the gateway's columns (migration ${GATEWAY_MIGRATION})`, () => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const database = await freshDatabase();
    drop = database.drop;
    handle = await database.open();
    await migrate(handle, migrationsFolderUpTo(releaseBefore()));
    await writeBefore(handle);
    await migrate(handle);
  }, 180_000);
  afterAll(async () => {
    await handle?.close();
    await drop?.();
  });

  it('copies the rows written before the upgrade', async () => {
    expect(await rows(handle, sql`select gateway, gateway_payment_id from payments where order_id = ${orderId}`)).toEqual([
      { gateway: 'stripe', gateway_payment_id: 'pi_before' },
    ]);
    expect(await rows(handle, sql`select gateway from payment_customers where user_id = ${userId}`)).toEqual([{ gateway: 'stripe' }]);
    expect(await rows(handle, sql`select gateway from payment_events where id = 'evt_before'`)).toEqual([{ gateway: 'stripe' }]);
    expect(await rows(handle, sql`select gateway from clinic_cards where clinic_id = ${clinicId}`)).toEqual([{ gateway: 'test' }]);
  });

  it("fills the new names from the release before's writes, which name only the old ones", async () => {
    const attemptKey = `checkout:${orderId}:2`;
    await handle.db.execute(
      sql`insert into payments (order_id, provider, attempt_key, amount_cents, status) values (${orderId}, 'test', ${attemptKey}, 100, 'started')`,
    );
    // the gateway answers later: the release before writes its id under the old name
    await handle.db.execute(
      sql`update payments set provider_payment_id = 'ch_old_release', status = 'succeeded' where attempt_key = ${attemptKey}`,
    );
    const [attempt] = await handle.db.select().from(payments).where(eq(payments.attemptKey, attemptKey));
    expect(attempt).toMatchObject({
      gateway: 'test',
      gatewayPaymentId: 'ch_old_release',
      provider: 'test',
      providerPaymentId: 'ch_old_release',
    });

    // its customer and event inserts, and their conflict on the old primary key, still work
    await handle.db.execute(
      sql`insert into payment_customers (user_id, provider, customer_id) values (${userId}, 'test', 'cus_test') on conflict (user_id, provider) do nothing`,
    );
    await handle.db.execute(
      sql`insert into payment_customers (user_id, provider, customer_id) values (${userId}, 'test', 'cus_again') on conflict (user_id, provider) do nothing`,
    );
    expect(await rows(handle, sql`select gateway, customer_id from payment_customers where user_id = ${userId} order by gateway`)).toEqual([
      { gateway: 'stripe', customer_id: 'cus_before' },
      { gateway: 'test', customer_id: 'cus_test' },
    ]);
    await handle.db.execute(sql`insert into payment_events (id, provider, type) values ('evt_old_release', 'test', 'charge.refunded')`);
    expect(await rows(handle, sql`select gateway from payment_events where id = 'evt_old_release'`)).toEqual([{ gateway: 'test' }]);
    await handle.db.execute(sql`update clinic_cards set provider = 'stripe' where clinic_id = ${clinicId}`);
    expect(await rows(handle, sql`select gateway from clinic_cards where clinic_id = ${clinicId}`)).toEqual([{ gateway: 'stripe' }]);
  });

  it('keeps the old names filled for the release before, whichever side this one writes', async () => {
    const attemptKey = `checkout:${orderId}:3`;
    await handle.db.execute(
      sql`insert into payments (order_id, gateway, attempt_key, amount_cents, status) values (${orderId}, 'stripe', ${attemptKey}, 100, 'started')`,
    );
    await handle.db.execute(sql`update payments set gateway_payment_id = 'pi_new_release' where attempt_key = ${attemptKey}`);
    expect(await rows(handle, sql`select provider, provider_payment_id from payments where attempt_key = ${attemptKey}`)).toEqual([
      { provider: 'stripe', provider_payment_id: 'pi_new_release' },
    ]);
    // a gateway payment id is one attempt's, under either name
    await expect(
      handle.db.execute(
        sql`insert into payments (order_id, provider, attempt_key, provider_payment_id, amount_cents, status)
            values (${orderId}, 'stripe', ${`checkout:${orderId}:4`}, 'pi_new_release', 100, 'started')`,
      ),
    ).rejects.toThrow();
  });
});
