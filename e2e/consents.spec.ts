import { randomUUID } from 'node:crypto';
import { staff, staffPage } from './console-journey';
import { expect, test } from './fixtures';
import { checkoutFromCart, chooseTestedState, everyCheckoutConsent, expectAccessible, fillAccount, ok, uniqueEmail } from './journey';

// A test subscription's member gets the yearly reminder of its terms, then cancels the order that
// started it before its kit ships, in two clicks, for a full refund
// (docs/decisions/0069-consents-the-api-records.md). The purchase itself is set up through the API.
test('a subscriber receives the yearly renewal reminder, then cancels their order before it ships and is refunded', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('consents');
  await page.goto('/');
  await ok(await page.request.post('/api/cart/items', { data: { productCode: 'base-monitor', testId: 53, frequency: 'monthly' } }));
  await ok(await page.request.post('/api/checkout/account', { data: { email, password: 'Sup3r-secret!' } }));
  const { paymentMethod } = await ok(
    await page.request.post('/api/payments/test-gateway/payment-methods', {
      data: { number: '4242424242424242', expiry: '12/34', cvc: '123' },
    }),
  );
  const { order } = await ok(
    await page.request.post('/api/checkout/orders', {
      data: { paymentMethod, testedState: 'TX', consents: everyCheckoutConsent },
      headers: { 'Idempotency-Key': randomUUID() },
    }),
  );
  const { subscriptions } = await ok(await page.request.get('/api/account/subscriptions'));
  const subscription = subscriptions[0] as { id: string };

  // a year and a day later, the worker's yearly reminder, as the member reads it in the outbox
  const at = new Date(Date.now() + 366 * 86_400_000).toISOString();
  expect(
    (await ok(await page.request.post(`/api/test-clock/subscriptions/${subscription.id}/yearly-reminder`, { data: { at } }))).ran,
  ).toBe(1);
  const { context, page: operator } = await staffPage(browser, staff.operator, '/admin');
  const { emails } = await ok(await operator.request.get(`/api/admin/outbox?to=${encodeURIComponent(email)}`));
  const reminder = (emails as Array<{ subject: string; text: string }>).find((sent) => sent.subject.startsWith('A yearly reminder'));
  expect(reminder?.subject).toBe('A yearly reminder: your Cortisol Test (Test subscription) renews until you cancel');
  expect(reminder?.text).toContain('What it charges: $69.95 for each delivery, every month, to the card you saved, until you cancel.');
  expect(reminder?.text).toContain('How to cancel: in your account, choose Cancel beside it, then confirm.');
  await context.close();

  // nothing has shipped: the order page cancels it in two clicks
  await page.goto(`/account/orders/${order.id}`);
  await page.getByRole('button', { name: 'Cancel order' }).click();
  const question = page.getByRole('region', { name: 'Cancel this order?' });
  await expect(question).toContainText('you get back everything you paid');
  await expectAccessible(page);
  await question.getByRole('button', { name: 'Yes, cancel and refund' }).click();
  await expect(page.getByText('Your order is cancelled, and everything you paid for it is refunded to your card.')).toBeVisible();
  await expect(page.getByText('Refunded', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);

  // the subscription it started ends with it
  await page.goto('/account');
  await expect(page.getByRole('article', { name: /Cortisol Test/ })).toContainText('Cancelled');
});

// docs/decisions/0078-deleting-by-link-and-the-checkout-consent.md: a test ordered without the
// quiz asks the consent to collect health data at checkout, and the account keeps it.
test('a visitor who never took the quiz agrees at checkout to the collection of their health data before ordering a test', async ({
  page,
}) => {
  await page.goto('/quiz-results/sleep');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('button', { name: 'No thanks' }).click();
  await checkoutFromCart(page);
  await fillAccount(page, uniqueEmail('collect'));
  await page.waitForLoadState('networkidle');
  await chooseTestedState(page);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('checkbox', { name: /I authorize the partner laboratory that tests my sample/ }).check();
  // the starter test comes with the Improvement Program, charged when the results arrive
  await page.getByRole('checkbox', { name: /charges it .* when my starter test results arrive/ }).check();
  const collect = page.getByRole('checkbox', { name: /I agree that Base collects and keeps the health data I give it/ });
  await expect(collect).toBeVisible();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByText('Please agree to Base collecting your health data: your test’s results are health data')).toBeVisible();
  await expect(page).toHaveURL(/\/checkout-payment$/);

  await collect.check();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();

  await page.goto('/account#consents');
  await expect(page.getByRole('article', { name: 'Collecting your health data' })).toContainText('Given on');
});
