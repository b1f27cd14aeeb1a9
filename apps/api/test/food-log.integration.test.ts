import { dayOf, foodLogMessages } from '@shop/core';
import { eq } from 'drizzle-orm';
import { auditLog, foodLogEntries } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, staffVisitor, uniqueEmail, Visitor, type TestShop, placeOrder } from './helpers.ts';
import { orderWithSamples, salivaResults } from './results-helpers.ts';

const daysAgo = (days: number) => dayOf(new Date(Date.now() - days * 24 * 3600 * 1000));

// Base Daily's meal plans and food log: a member logs their meals, reads the last week, removes an entry;
// nobody else reads or changes a member's log.
describe('Base Daily’s meal plans and food log', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop();
  });
  afterAll(() => shop.close());

  async function customer(products: string[]) {
    const visitor = new Visitor(shop.app);
    for (const productCode of products) expect((await visitor.post('/api/cart/items', { productCode })).statusCode).toBe(200);
    expect((await visitor.post('/api/checkout/account', { email: uniqueEmail('log'), password: 'Sup3r-secret!' })).statusCode).toBe(200);
    const placed = await placeOrder(visitor);
    expect(placed.statusCode, placed.body).toBe(201);
    return visitor;
  }

  it('keeps a member’s meals by day, newest first, and removes one of them', async () => {
    const member = await customer(['base-daily']);
    const today = dayOf(new Date());
    const logged = await member.post('/api/account/daily/food-log', { day: today, meal: 'breakfast', food: '  Oats with berries ' });
    expect(logged.statusCode, logged.body).toBe(201);
    expect(logged.json()).toMatchObject({ day: today, meal: 'breakfast', mealLabel: 'Breakfast', food: 'Oats with berries' });
    await member.post('/api/account/daily/food-log', { day: today, meal: 'lunch', food: 'Lentil soup' });
    await member.post('/api/account/daily/food-log', { day: daysAgo(2), meal: 'dinner', food: 'Salmon, greens' });

    const log = (await member.get('/api/account/daily/food-log')).json();
    expect(log.today).toBe(today);
    expect(log.days.map((day: { day: string; entries: { food: string }[] }) => [day.day, day.entries.map((entry) => entry.food)])).toEqual([
      [today, ['Oats with berries', 'Lentil soup']],
      [daysAgo(2), ['Salmon, greens']],
    ]);

    const removed = await member.request({ method: 'DELETE', url: `/api/account/daily/food-log/${logged.json().id}` });
    expect(removed.statusCode).toBe(200);
    expect((await member.get('/api/account/daily/food-log')).json().days[0].entries.map((entry: { food: string }) => entry.food)).toEqual([
      'Lentil soup',
    ]);
  });

  it('refuses a day in the future or too long ago, an unknown meal and an empty or long text, and writes nothing', async () => {
    const member = await customer(['base-daily']);
    const refused = [
      { day: daysAgo(-1), meal: 'lunch', food: 'Tomorrow’s lunch' },
      { day: daysAgo(31), meal: 'lunch', food: 'Old lunch' },
      { day: '2026-02-30', meal: 'lunch', food: 'No such day' },
      { day: daysAgo(0), meal: 'brunch', food: 'Eggs' },
      { day: daysAgo(0), meal: 'lunch', food: '   ' },
      { day: daysAgo(0), meal: 'lunch', food: 'x'.repeat(201) },
    ];
    for (const entry of refused) {
      const answer = await member.post('/api/account/daily/food-log', entry);
      expect(answer.statusCode, JSON.stringify(entry)).toBe(400);
    }
    const future = await member.post('/api/account/daily/food-log', refused[0]);
    expect(future.json().message).toBe(foodLogMessages.day);
    expect((await member.get('/api/account/daily/food-log')).json().days).toEqual([]);
  });

  it('is for members only, and a member’s entries are theirs alone', async () => {
    const member = await customer(['base-daily']);
    const entry = (await member.post('/api/account/daily/food-log', { day: daysAgo(0), meal: 'snack', food: 'An apple' })).json();
    const other = await customer(['health-coach']);
    const refused = await other.get('/api/account/daily/food-log');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'MEMBERS_ONLY', message: foodLogMessages.membersOnly });
    expect((await other.post('/api/account/daily/food-log', { day: daysAgo(0), meal: 'snack', food: 'x' })).statusCode).toBe(403);
    // another member cannot remove it, and learns nothing of it
    const otherMember = await customer(['base-daily']);
    const stranger = await otherMember.request({ method: 'DELETE', url: `/api/account/daily/food-log/${entry.id}` });
    expect(stranger.statusCode).toBe(404);
    expect((await otherMember.get('/api/account/daily/food-log')).json().days).toEqual([]);
    expect(await shop.database.db.select().from(foodLogEntries).where(eq(foodLogEntries.id, entry.id))).toHaveLength(1);
    expect((await new Visitor(shop.app).get('/api/account/daily/food-log')).statusCode).toBe(401);
  });

  it('plans today’s meals from the member’s latest results, reading them as an audited read', async () => {
    const { visitor, order } = await orderWithSamples(shop);
    const clinician = await staffVisitor(shop, 'clinician');
    const entered = await clinician.post(`/api/admin/orders/${order.id}/results/daily-rhythm-saliva`, salivaResults);
    expect(entered.statusCode, entered.body).toBeLessThan(300);
    expect((await visitor.post('/api/cart/items', { productCode: 'base-daily' })).statusCode).toBe(200);
    const placed = await placeOrder(visitor);
    expect(placed.statusCode, placed.body).toBe(201);

    const reads = async () =>
      (await shop.database.db.select().from(auditLog).where(eq(auditLog.subjectId, order.id))).filter(
        (row) => row.action === 'results.read',
      );
    const before = (await reads()).length;
    const plan = await visitor.get('/api/account/daily/meal-plan');
    expect(plan.statusCode, plan.body).toBe(200);
    expect(plan.json()).toMatchObject({ day: 1, basis: 'results', note: expect.stringContaining('it is not a diagnosis') });
    expect(plan.json().meals.map((meal: { label: string }) => meal.label)).toEqual(['Breakfast', 'Lunch', 'Dinner', 'Snack']);
    expect((await reads()).length).toBe(before + 1);
    // the same day gives the same meals
    expect((await visitor.get('/api/account/daily/meal-plan')).json().meals).toEqual(plan.json().meals);
  });

  it('plans from the general advice without results or a quiz, and for members only', async () => {
    const member = await customer(['base-daily']);
    const plan = (await member.get('/api/account/daily/meal-plan')).json();
    expect(plan).toMatchObject({ day: 1, basis: 'general' });
    expect(plan.meals.length).toBeGreaterThan(0);
    const other = await customer(['health-coach']);
    expect((await other.get('/api/account/daily/meal-plan')).statusCode).toBe(403);
  });

  it('opens the marketplace for the member’s plan: tests at the price the cart then charges, foods, an audited read', async () => {
    const { visitor, order } = await orderWithSamples(shop);
    const clinician = await staffVisitor(shop, 'clinician');
    expect((await clinician.post(`/api/admin/orders/${order.id}/results/daily-rhythm-saliva`, salivaResults)).statusCode).toBeLessThan(300);
    expect((await visitor.get('/api/account/daily/marketplace')).statusCode).toBe(403);
    expect((await visitor.post('/api/cart/items', { productCode: 'base-daily' })).statusCode).toBe(200);
    const placed = await placeOrder(visitor);
    expect(placed.statusCode, placed.body).toBe(201);

    const reads = async () =>
      (await shop.database.db.select().from(auditLog).where(eq(auditLog.subjectId, order.id))).filter(
        (row) => row.action === 'results.read',
      ).length;
    const before = await reads();
    const market = await visitor.get('/api/account/daily/marketplace');
    expect(market.statusCode, market.body).toBe(200);
    expect(await reads()).toBe(before + 1);
    const body = market.json();
    expect(body.basis).toBe('results');
    // the quiz's goal (anxiety and depression) brings its starter test, at the member's price
    const cortisol = body.tests.find((test: { title: string }) => test.title === 'Cortisol Test');
    expect(cortisol).toMatchObject({ productCode: 'base-quiz', priceCents: 7995, memberPriceCents: 7595 });
    expect(body.foods.length).toBeGreaterThan(0);
    // nothing on it points elsewhere: no partner hears of the member
    expect(market.body).not.toMatch(/https?:\/\//);

    // bought through the cart, which takes the same 5% off
    const added = await visitor.post('/api/cart/items', { productCode: cortisol.productCode, testId: cortisol.testId });
    expect(added.statusCode, added.body).toBe(200);
    const cart = (await visitor.get('/api/cart')).json();
    expect(cart.items.map((item: { testId: number | null }) => item.testId)).toEqual([cortisol.testId]);
    expect(cart).toMatchObject({
      totalCents: cortisol.memberPriceCents,
      memberDiscountCents: cortisol.priceCents - cortisol.memberPriceCents,
    });

    expect((await new Visitor(shop.app).get('/api/account/daily/marketplace')).statusCode).toBe(401);
  });
});
