import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestShop,
  mailbox,
  paymentMethod,
  uniqueEmail,
  Visitor,
  adultAnswers,
  type TestShop,
  everyConsent,
  quizConsent,
} from './helpers.ts';

describe('the receipt', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop();
  });
  afterAll(() => shop.close());

  it('is sent once when the order is paid, itemised for HSA/FSA, with the charge that comes later', async () => {
    const email = uniqueEmail('receipt');
    const visitor = new Visitor(shop.app);
    const quiz = await visitor.post('/api/quiz-results', { variant: 'quiz', answers: adultAnswers, consent: quizConsent });
    await visitor.post('/api/cart/items', { productCode: 'base-quiz', quizResultId: quiz.json().id });
    await visitor.post('/api/cart/items', { productCode: 'base-improvement-plan', quizResultId: quiz.json().id });
    await visitor.post('/api/checkout/account', { email, password: 'Sup3r-secret!' });
    const method = await paymentMethod(visitor);
    const key = crypto.randomUUID();
    const first = await visitor.post(
      '/api/checkout/orders',
      { testedState: 'TX', consents: everyConsent, paymentMethod: method },
      { 'idempotency-key': key },
    );
    expect(first.statusCode).toBe(201);
    await visitor.post(
      '/api/checkout/orders',
      { testedState: 'TX', consents: everyConsent, paymentMethod: method },
      { 'idempotency-key': key },
    );

    const receipts = await mailbox(shop, email);
    expect(receipts).toHaveLength(1);
    const [receipt] = receipts;
    expect(receipt!.subject).toBe(`Your Base receipt for order ${first.json().order.number}`);
    expect(receipt!.text).toContain('Cortisol Test');
    expect(receipt!.text).toContain('Total paid: $79.95');
    expect(receipt!.text).toContain('Paid on');
    expect(receipt!.text).toContain('Visa ending in 4242');
    expect(receipt!.text).toContain('when your starter test results arrive');
    expect(receipt!.text).toContain('$140.05');
    expect(receipt!.text).toContain('HSA or FSA');
    expect(receipt!.html).toContain('<table');
  });
});
