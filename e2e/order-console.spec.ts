import { expect, test, type Browser, type APIRequestContext } from './fixtures';
import { expectAccessible, uniqueEmail } from './journey';

/** A paid order waiting for a clinician, placed through the API as the storefront would. */
async function orderAwaitingApproval(request: APIRequestContext): Promise<{ id: string; number: number }> {
  const ok = async (response: Awaited<ReturnType<APIRequestContext['post']>>) => {
    expect(response.status(), await response.text()).toBeLessThan(300);
    return response.json();
  };
  const quiz = await ok(
    await request.post('/api/quiz-results', {
      data: { variant: 'quiz', answers: { goal: 'anxiety-depression', sex: 'female', dateOfBirth: '1990-04-12' } },
    }),
  );
  await ok(await request.post('/api/cart/items', { data: { productCode: 'base-quiz', quizResultId: quiz.id } }));
  await ok(await request.post('/api/checkout/account', { data: { email: uniqueEmail('kit'), password: 'Sup3r-secret!' } }));
  const method = await ok(
    await request.post('/api/payments/test-gateway/payment-methods', {
      data: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
    }),
  );
  const placed = await ok(
    await request.post('/api/checkout/orders', {
      data: { paymentMethod: method.paymentMethod },
      headers: { 'idempotency-key': crypto.randomUUID() },
    }),
  );
  const order = placed.order as { id: string; number: number };
  await ok(
    await request.post(`/api/orders/${order.id}/collection`, {
      data: { method: 'home', fullName: 'Ann Lee', shippingAddress: '1 Main St', city: 'Austin', zipCode: '78701' },
    }),
  );
  await ok(
    await request.put('/api/account/profile', {
      data: { fullName: 'Ann Lee', dateOfBirth: '1990-04-12', sex: 'female', state: 'TX', conditions: '', medications: '' },
    }),
  );
  return order;
}

async function staffPage(browser: Browser, email: string, password: string, next: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`/sign-in?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  return { context, page };
}

test('the team approves and ships an order, and the customer registers the kit', async ({ page, browser }) => {
  const order = await orderAwaitingApproval(page.request);

  // a clinician finds the order in the console and approves it
  const clinician = await staffPage(browser, 'clinician@shop.local', 'clinician-e2e-password', '/admin');
  await expect(clinician.page.getByRole('heading', { name: 'Orders' })).toBeVisible();
  await clinician.page.getByLabel('Order number or e-mail').fill(String(order.number));
  await clinician.page.getByRole('button', { name: 'Search' }).click();
  await clinician.page.getByRole('link', { name: `#${order.number}` }).click();
  await expect(clinician.page.getByRole('heading', { name: `Order #${order.number}` })).toBeVisible();
  await clinician.page.getByRole('button', { name: 'Approve' }).click();
  await expect(clinician.page.getByText('Approve: done.')).toBeVisible();
  await expect(clinician.page.getByText('Preparing your kit')).toBeVisible();
  await clinician.context.close();

  // an operator ships the kit with its tracking number
  const operator = await staffPage(browser, 'operator@shop.local', 'operator-e2e-password', `/admin/orders/${order.id}`);
  await expect(operator.page.getByRole('heading', { name: `Order #${order.number}` })).toBeVisible();
  await expectAccessible(operator.page);
  await operator.page.getByLabel('Tracking number for the Daily rhythm saliva kit').fill('1Z999AA10123456784');
  await operator.page.getByRole('button', { name: 'Ship the Daily rhythm saliva kit' }).click();
  await expect(operator.page.getByText('Daily rhythm saliva kit shipped.')).toBeVisible();
  const code = (await operator.page.locator('td.font-mono').first().textContent())!.trim();
  await operator.context.close();

  // the customer sees the kit shipped on their order page and registers it
  await page.goto(`/account/orders/${order.id}`);
  await expect(page.getByRole('heading', { name: `Order #${order.number}` })).toBeVisible();
  await expect(page.getByText(/Shipped on .*, tracking number 1Z999AA10123456784/)).toBeVisible();
  await page.getByLabel('Kit code').fill('ZZZZ-9999');
  await page.getByRole('button', { name: 'Register my kit' }).click();
  await expect(page.getByRole('alert')).toContainText('This code does not match a kit of this order.');
  await page.getByLabel('Kit code').fill(code);
  await page.getByRole('button', { name: 'Register my kit' }).click();
  await expect(page.getByText('Your kit is registered.')).toBeVisible();
  await expect(page.getByText(/Registered on/)).toBeVisible();
  await expectAccessible(page);
});
