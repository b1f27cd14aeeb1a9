import { staff } from './console-journey';
import { expect, type APIRequestContext, type Browser } from './fixtures';
import { everyCheckoutConsent, ok, quizConsent } from './journey';

// A member whose Improvement Program is active, for the program's journeys: its page and lists,
// its retests, its end (the guarantee, the 3rd test).

const adult = { goal: 'anxiety-depression', sex: 'female', dateOfBirth: '1990-04-12' };

/** A staff member's own browser context, signed in through the API. */
export async function staffContext(browser: Browser, { email, password }: { email: string; password: string }) {
  const context = await browser.newContext();
  await ok(await context.request.post('/api/auth/sign-in/email', { data: { email, password } }));
  return context;
}

/**
 * A new customer signed in on `request` who bought the quiz's Cortisol Test with the program: the
 * team approves it, ships the kit and enters the results (cortisol 1.4 ng/mL, above its range),
 * and the worker charges the program. Returns once the program is active.
 */
export async function memberWithActiveProgram(request: APIRequestContext, browser: Browser, email: string): Promise<string> {
  const quiz = await ok(await request.post('/api/quiz-results', { data: { variant: 'quiz', answers: adult, consent: quizConsent } }));
  await ok(await request.post('/api/cart/items', { data: { productCode: 'base-quiz', quizResultId: quiz.id } }));
  await ok(await request.post('/api/cart/items', { data: { productCode: 'base-improvement-plan', quizResultId: quiz.id } }));
  await ok(await request.post('/api/checkout/account', { data: { email, password: 'Sup3r-secret!' } }));
  const card = await ok(
    await request.post('/api/payments/test-gateway/payment-methods', {
      data: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
    }),
  );
  const placed = await ok(
    await request.post('/api/checkout/orders', {
      data: { testedState: 'TX', consents: everyCheckoutConsent, paymentMethod: card.paymentMethod },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    }),
  );
  const orderId = (placed.order as { id: string }).id;
  await ok(
    await request.post(`/api/orders/${orderId}/collection`, {
      data: { method: 'home', fullName: 'Ann Lee', shippingAddress: '1 Main St', city: 'Austin', zipCode: '78701' },
    }),
  );
  await ok(
    await request.put('/api/account/profile', {
      data: { fullName: 'Ann Lee', dateOfBirth: '1990-04-12', sex: 'female', state: 'TX', conditions: '', medications: '' },
    }),
  );
  const clinician = await staffContext(browser, staff.clinician);
  await ok(await clinician.request.post(`/api/admin/orders/${orderId}/approve`, { data: {} }));
  await clinician.close();
  const operator = await staffContext(browser, staff.operator);
  const shipped = await ok(
    await operator.request.post(`/api/admin/orders/${orderId}/kits/daily-rhythm-saliva/ship`, {
      data: { trackingNumber: '1Z999AA10123456784' },
    }),
  );
  const code = (shipped.kits as { code: string | null }[]).find((kit) => kit.code)!.code!;
  await ok(await request.post(`/api/orders/${orderId}/kits/register`, { data: { code } }));
  await ok(await operator.request.post(`/api/admin/orders/${orderId}/kits/daily-rhythm-saliva/sample-received`, { data: {} }));
  await ok(
    await operator.request.post(`/api/admin/orders/${orderId}/results/daily-rhythm-saliva`, {
      data: {
        results: [{ biomarker: 'cortisol', value: 1.4, unit: 'ng/mL' }],
      },
    }),
  );
  await operator.close();
  // the worker charges the program on the saved card once the results are in
  await expect.poll(async () => (await ok(await request.get(`/api/orders/${orderId}`))).status, { timeout: 30_000 }).toBe('program_active');
  return orderId;
}
