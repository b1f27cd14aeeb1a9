import { expect, type APIRequestContext, type Browser, type Page } from './fixtures';
import { everyCheckoutConsent, quizConsent, uniqueEmail } from './journey';

/** The shop's staff accounts of the browser tests (playwright.config.ts gives their passwords). */
export const staff = {
  operator: { email: 'operator@shop.local', password: 'operator-e2e-password' },
  clinician: { email: 'clinician@shop.local', password: 'clinician-e2e-password' },
  coach: { email: 'coach@shop.local', password: 'coach-e2e-password' },
} as const;

/** The API's answer, which must be a success. */
async function ok<T = unknown>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as T;
}

/**
 * A paid order of the quiz's Cortisol Test (one daily rhythm saliva kit) waiting for a clinician,
 * placed through the API as the storefront would, by a new customer (of `email`, when given)
 * signed in on `request`.
 */
export async function orderAwaitingApproval(
  request: APIRequestContext,
  email = uniqueEmail('kit'),
): Promise<{ id: string; number: number }> {
  const quiz = await ok<{ id: string }>(
    await request.post('/api/quiz-results', {
      data: { variant: 'quiz', answers: { goal: 'anxiety-depression', sex: 'female', dateOfBirth: '1990-04-12' }, consent: quizConsent },
    }),
  );
  await ok(await request.post('/api/cart/items', { data: { productCode: 'base-quiz', quizResultId: quiz.id } }));
  await ok(await request.post('/api/checkout/account', { data: { email, password: 'Sup3r-secret!' } }));
  const method = await ok<{ paymentMethod: string }>(
    await request.post('/api/payments/test-gateway/payment-methods', {
      data: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
    }),
  );
  const placed = await ok<{ order: { id: string; number: number } }>(
    await request.post('/api/checkout/orders', {
      data: { testedState: 'TX', consents: everyCheckoutConsent, paymentMethod: method.paymentMethod },
      headers: { 'idempotency-key': crypto.randomUUID() },
    }),
  );
  const { order } = placed;
  await readyForTheLab(request, order.id);
  return order;
}

/** A paid order's customer chooses the home kit and fills in the medical profile: the clinician's turn comes. */
export async function readyForTheLab(request: APIRequestContext, orderId: string) {
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
}

/** A staff member signed in with the sign-in page, in a browser of their own, on their way to `next`. */
export async function staffPage(
  browser: Browser,
  { email, password }: { email: string; password: string },
  next: string,
  { javaScriptEnabled = true }: { javaScriptEnabled?: boolean } = {},
) {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await page.goto(`/sign-in?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL((url) => url.pathname + url.search === next);
  return { context, page };
}

/**
 * The text of the e-mail to `to` in the console's outbox once one has `subject` (the queue sends it
 * after the answer); a pattern, for a subject that carries what the test cannot know beforehand.
 */
export async function mailTo(browser: Browser, to: string, subject: string | RegExp): Promise<string> {
  const operator = await browser.newContext();
  await ok(await operator.request.post('/api/auth/sign-in/email', { data: staff.operator }));
  let text = '';
  await expect
    .poll(
      async () => {
        const outbox = await ok<{ emails: { subject: string; text: string | null }[] }>(
          await operator.request.get(`/api/admin/outbox?to=${encodeURIComponent(to)}`),
        );
        const mail = outbox.emails.find((email) => (typeof subject === 'string' ? email.subject === subject : subject.test(email.subject)));
        text = mail?.text ?? '';
        return mail !== undefined;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await operator.close();
  return text;
}

/**
 * A member's order, awaiting approval, taken to its results as the console's team would: a
 * clinician approves it, an operator ships the kit, the member registers it, the sample arrives
 * and its results are entered. Gives back the operator's page, still open, for what follows.
 */
export async function orderWithResults(member: Page, browser: Browser, orderId: string) {
  const clinician = await staffPage(browser, staff.clinician, `/admin/orders/${orderId}`);
  await ok(await clinician.page.request.post(`/api/admin/orders/${orderId}/approve`, { data: {} }));
  await clinician.context.close();
  const operator = await staffPage(browser, staff.operator, '/admin/outbox');
  const kit = `/api/admin/orders/${orderId}/kits/daily-rhythm-saliva`;
  const shipped = await ok<{ kits: { kitSlug: string; code: string }[] }>(
    await operator.page.request.post(`${kit}/ship`, { data: { trackingNumber: '1Z999AA10123456784' } }),
  );
  const code = shipped.kits.find((each) => each.kitSlug === 'daily-rhythm-saliva')!.code;
  await ok(await member.request.post(`/api/orders/${orderId}/kits/register`, { data: { code } }));
  await ok(await operator.page.request.post(`${kit}/sample-received`, { data: {} }));
  await ok(
    await operator.page.request.post(`/api/admin/orders/${orderId}/results/daily-rhythm-saliva`, {
      data: { results: [{ biomarker: 'cortisol', value: 1.4, unit: 'ng/mL' }] },
    }),
  );
  return { operator };
}
