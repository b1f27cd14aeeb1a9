import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carts, preparedQuery, valueLater } from '@shop/db';
import { createTestShop, type TestShop } from './helpers.ts';

// A statement built once is run on whichever executor it is given: the pool's, or an open
// transaction's connection, where it sees (and locks) what the transaction has written.
describe('a query built once', () => {
  let shop: TestShop;
  let builds = 0;
  const cartById = preparedQuery((db) => {
    builds += 1;
    return db
      .select()
      .from(carts)
      .where(eq(carts.id, sql.placeholder('id')))
      .prepare('test_cart_by_id');
  });
  const newCart = preparedQuery((db) =>
    db
      .insert(carts)
      .values({ userId: null, couponCode: valueLater<string | null>('couponCode') })
      .returning()
      .prepare('test_new_cart'),
  );

  beforeAll(async () => {
    shop = await createTestShop();
  });
  afterAll(() => shop.close());

  it('runs on the pool with each call’s values, built the first time only', async () => {
    const db = shop.database.db;
    const [first] = await newCart(db, { couponCode: 'SPRING' });
    const [second] = await newCart(db, { couponCode: null });
    expect(first!.couponCode).toBe('SPRING');
    expect(second!.couponCode).toBeNull();

    const [found] = await cartById(db, { id: first!.id });
    const [other] = await cartById(db, { id: second!.id });
    expect(found).toMatchObject({ id: first!.id, couponCode: 'SPRING', status: 'open' });
    expect(found!.createdAt).toBeInstanceOf(Date);
    expect(other!.id).toBe(second!.id);
    expect(builds).toBe(1);
  });

  it('runs inside a transaction, seeing its uncommitted rows, and nothing of them once it rolls back', async () => {
    const db = shop.database.db;
    let written: string | undefined;
    await expect(
      db.transaction(async (tx) => {
        const [cart] = await newCart(tx, { couponCode: 'INSIDE' });
        written = cart!.id;
        const [seen] = await cartById(tx, { id: written });
        expect(seen?.couponCode).toBe('INSIDE');
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(written).toBeDefined();
    expect(await cartById(db, { id: written! })).toEqual([]);
    expect(builds).toBe(1);
  });

  it('refuses a call that leaves a placeholder without its value', async () => {
    await expect(cartById(shop.database.db, {})).rejects.toThrow(/No value for placeholder "id"/);
  });
});
