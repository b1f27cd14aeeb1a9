import { eq } from 'drizzle-orm';
import { medicalProfiles, orderEvents, orders } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adultAnswers, createTestShop, customerWithCart, Visitor, type TestShop, quizConsent, placeOrder } from './helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

const profile = {
  fullName: 'Ann Lee',
  dateOfBirth: '1990-04-12',
  sex: 'female',
  state: 'TX',
  conditions: 'Hypothyroidism',
  medications: '',
};

async function orderWaitingForProfile(visitor: Visitor): Promise<string> {
  const placed = await placeOrder(visitor);
  const id = placed.json().order.id as string;
  const chosen = await visitor.post(`/api/orders/${id}/collection`, {
    method: 'home',
    fullName: 'Ann Lee',
    shippingAddress: '1 Main St',
    city: 'Austin',
    zipCode: '78701',
  });
  expect(chosen.json().status).toBe('profile_pending');
  return id;
}

describe('the medical profile', () => {
  it('releases the orders that waited for it to clinician approval', async () => {
    const visitor = await customerWithCart(shop.app);
    const orderId = await orderWaitingForProfile(visitor);
    // nothing asked twice: the quiz's sex and date of birth, the delivery's name and its ZIP's state
    expect((await visitor.get('/api/account/profile')).json()).toEqual({
      profile: null,
      suggested: { fullName: 'Ann Lee', dateOfBirth: '1990-04-12', sex: 'female', state: 'TX' },
    });

    const saved = await visitor.request({ method: 'PUT', url: '/api/account/profile', payload: profile });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ profile, released: 1 });
    const [order] = await shop.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe('approval_pending');
    const steps = await shop.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(steps.map((step) => step.event)).toContain('profile_completed');
    // once saved, the profile is what is shown, and nothing is suggested over it
    expect((await visitor.get('/api/account/profile')).json()).toEqual({ profile, suggested: {} });
  });

  it('suggests nothing it was not told: an account with no quiz and no delivery', async () => {
    const visitor = new Visitor(shop.app);
    expect(
      (await visitor.post('/api/checkout/account', { email: `bare.${crypto.randomUUID()}@example.com`, password: 'Sup3r-secret!' }))
        .statusCode,
    ).toBe(200);
    expect((await visitor.get('/api/account/profile')).json()).toEqual({ profile: null, suggested: {} });
  });

  it('is not asked again by the next order: its collection choice goes straight to clinician approval', async () => {
    const visitor = await customerWithCart(shop.app);
    await orderWaitingForProfile(visitor);
    expect((await visitor.request({ method: 'PUT', url: '/api/account/profile', payload: profile })).json().released).toBe(1);

    const quiz = await visitor.post('/api/quiz-results', { variant: 'quiz', answers: adultAnswers, consent: quizConsent });
    expect((await visitor.post('/api/cart/items', { productCode: 'base-quiz', quizResultId: quiz.json().id })).statusCode).toBe(200);
    const placed = await placeOrder(visitor);
    expect(placed.statusCode, placed.body).toBe(201);
    const second = placed.json().order.id as string;
    const chosen = await visitor.post(`/api/orders/${second}/collection`, {
      method: 'home',
      fullName: 'Ann Lee',
      shippingAddress: '1 Main St',
      city: 'Austin',
      zipCode: '78701',
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().status).toBe('approval_pending');

    const detail = (await visitor.get(`/api/orders/${second}`)).json();
    expect(detail.statusLabel).toBe('Awaiting clinician approval');
    expect(detail.nextStep.kind).toBe('wait_for_approval');
    const steps = await shop.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, second));
    expect(steps.map((step) => step.toStatus)).not.toContain('profile_pending');
  });

  it('refuses a minor and stores nothing', async () => {
    const visitor = await customerWithCart(shop.app);
    const year = new Date().getUTCFullYear() - 17;
    const response = await visitor.request({
      method: 'PUT',
      url: '/api/account/profile',
      payload: { ...profile, dateOfBirth: `${year}-01-01` },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ code: 'UNDERAGE', message: 'We are sorry, but we can only test people who are 18 or older.' });
    const user = (await visitor.get('/api/auth/get-session')).json().user;
    expect(await shop.database.db.select().from(medicalProfiles).where(eq(medicalProfiles.userId, user.id))).toEqual([]);
  });

  it.each([
    ['state', 'XX', 'Please choose the state you live in'],
    ['dateOfBirth', '2999-01-01', 'Please enter a valid date of birth'],
    ['fullName', '', 'Please enter the full name of the person tested'],
  ])('refuses a bad %s with a message', async (field, value, message) => {
    const visitor = await customerWithCart(shop.app);
    const response = await visitor.request({ method: 'PUT', url: '/api/account/profile', payload: { ...profile, [field]: value } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('is only for a signed-in member', async () => {
    expect((await new Visitor(shop.app).get('/api/account/profile')).statusCode).toBe(401);
  });
});
