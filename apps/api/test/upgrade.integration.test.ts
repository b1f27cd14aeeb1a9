import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate, pendingMigrations, type DatabaseHandle } from '@shop/db';
import { afterAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../src/env.ts';
import { prepareShop } from '../src/server.ts';
import { freshDatabase, migrationsFolderUpTo } from './earlier-release.ts';
import { Visitor } from './helpers.ts';

/**
 * A database made by an earlier release upgrades to this code with its data: the schema as it
 * stood at EARLIER_STATE (the released migrations up to it, nothing later), some data written
 * with the plain SQL of that state, then the shop started as `npm start` starts it (migrate at
 * start, seed, staff accounts) on the same database. Released migrations never change
 * (packages/db/released.json), so the SQL below stays valid for that state for good.
 */
const EARLIER_STATE = '0041_clinic_pays_and_drafts';

const customer = { id: `user-${randomUUID()}`, email: 'earlier.customer@example.com' };
const orderId = randomUUID();
const cartId = randomUUID();

const clinicId = randomUUID();

/** A customer with a paid order, and a clinic's webhook endpoint whose hint kept four of its secret's characters, in the SQL of the earlier state. */
async function writeEarlierData(handle: DatabaseHandle): Promise<void> {
  await handle.db.execute(
    sql`insert into users (id, name, email, email_verified, role) values (${customer.id}, 'Earlier Customer', ${customer.email}, true, 'customer')`,
  );
  await handle.db.execute(sql`insert into carts (id, user_id, status) values (${cartId}, ${customer.id}, 'checked_out')`);
  await handle.db.execute(
    sql`insert into orders (id, user_id, cart_id, email, status, subtotal_cents, discount_cents, tax_cents, shipping_cents, total_cents, paid_at)
        values (${orderId}, ${customer.id}, ${cartId}, ${customer.email}, 'paid', 4900, 0, 0, 0, 4900, now())`,
  );
  await handle.db.execute(
    sql`insert into clinics (id, name, normalised_name, type, address_line1, city, state, postal_code)
        values (${clinicId}, 'Earlier Clinic', 'earlier clinic', 'clinic', '1 Main St', 'Boston', 'MA', '02110')`,
  );
  await handle.db.execute(
    sql`insert into clinic_webhook_endpoints (clinic_id, url, secret_sealed, secret_hint)
        values (${clinicId}, 'https://clinic.example.com/hooks', 'sealed', 'whsec_AbCd')`,
  );
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe(`a database made by an earlier release (migrated to ${EARLIER_STATE})`, () => {
  it('upgrades when the shop starts, keeps its customer and order, and the shop is ready', async () => {
    const database = await freshDatabase();
    cleanups.push(database.drop);

    const earlier = await database.open();
    try {
      await migrate(earlier, migrationsFolderUpTo(EARLIER_STATE));
      expect(await pendingMigrations(earlier.db)).toBeGreaterThan(0);
      await writeEarlierData(earlier);
    } finally {
      await earlier.close();
    }

    const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...database.env });
    const { app, database: upgraded } = await prepareShop(env, { web: false, logger: false });
    cleanups.push(async () => {
      await app.close();
      await upgraded.close();
    });

    expect(await pendingMigrations(upgraded.db)).toBe(0);
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode, ready.body).toBe(200);

    // the earlier data, read by this code through the console as the operator the start made sure of
    const operator = new Visitor(app);
    const password = readFileSync(join(env.DATA_DIR, 'operator-password'), 'utf8').trim();
    const signedIn = await operator.post('/api/auth/sign-in/email', { email: env.OPERATOR_EMAIL, password });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const order = await operator.get(`/api/admin/orders/${orderId}`);
    expect(order.statusCode, order.body).toBe(200);
    expect(order.json()).toMatchObject({ id: orderId, status: 'paid', totalCents: 4900 });
    const customers = await upgraded.db.execute(sql`select email from users where id = ${customer.id}`);
    const rows = Array.isArray(customers) ? customers : (customers as { rows: unknown[] }).rows;
    expect(rows).toEqual([{ email: customer.email }]);
    // migration 0043: a hint keeps none of the secret
    const hints = await upgraded.db.execute(sql`select secret_hint from clinic_webhook_endpoints where clinic_id = ${clinicId}`);
    expect(Array.isArray(hints) ? hints : (hints as { rows: unknown[] }).rows).toEqual([{ secret_hint: 'whsec_' }]);
  }, 180_000);
});
