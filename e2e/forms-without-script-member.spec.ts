import { expect, test, type APIRequestContext, type Browser } from './fixtures';
import { readyForTheLab } from './console-journey';
import { buyDeliveredGift } from './gift-journey';
import { everyCheckoutConsent, ok, quizConsent, uniqueEmail } from './journey';

// The member area's forms before (or without) the page's script: a kit registered by its code,
// a test subscription cancelled after the page asks, and signing out. The browser posts each to
// an action, which answers with the page (what to fix, or what was done) or sends it on. What each
// needs is set up through the shop's API, in the page's own context so that it shares the session.
test.use({ javaScriptEnabled: false });

/** A new customer, signed in as the request's context, who paid for what is in the cart with the test card. */
async function payForCart(request: APIRequestContext, tag: string): Promise<{ id: string; number: number }> {
  await ok(await request.post('/api/checkout/account', { data: { email: uniqueEmail(tag), password: 'Sup3r-secret!' } }));
  const card = await ok(
    await request.post('/api/payments/test-gateway/payment-methods', { data: { number: '4242424242424242', expiry: '12/34', cvc: '123' } }),
  );
  const placed = await ok(
    await request.post('/api/checkout/orders', {
      data: { testedState: 'TX', consents: everyCheckoutConsent, paymentMethod: card.paymentMethod },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    }),
  );
  return placed.order as { id: string; number: number };
}

/** A staff member's API, signed in. */
async function staff(browser: Browser, email: string, password: string) {
  const context = await browser.newContext();
  await ok(await context.request.post('/api/auth/sign-in/email', { data: { email, password } }));
  return context;
}

/** The quiz's starter test bought and shipped home: its kit's code, as the operator's console shows it. */
async function shippedKit(request: APIRequestContext, browser: Browser): Promise<{ id: string; number: number; code: string }> {
  const quiz = await ok(
    await request.post('/api/quiz-results', {
      data: { variant: 'quiz', answers: { goal: 'anxiety-depression', sex: 'female', dateOfBirth: '1990-04-12' }, consent: quizConsent },
    }),
  );
  await ok(await request.post('/api/cart/items', { data: { productCode: 'base-quiz', quizResultId: quiz.id } }));
  const order = await payForCart(request, 'no-script-kit');
  await readyForTheLab(request, order.id);
  const clinician = await staff(browser, 'clinician@shop.local', 'clinician-e2e-password');
  const approved = await ok(await clinician.request.post(`/api/admin/orders/${order.id}/approve`, { data: {} }));
  await clinician.close();
  const kitSlug = (approved.kits as Array<{ kitSlug: string }>)[0]!.kitSlug;
  const operator = await staff(browser, 'operator@shop.local', 'operator-e2e-password');
  const shipped = await ok(
    await operator.request.post(`/api/admin/orders/${order.id}/kits/${kitSlug}/ship`, { data: { trackingNumber: '1Z999AA10123456784' } }),
  );
  await operator.close();
  const code = (shipped.kits as Array<{ kitSlug: string; code: string | null }>).find((kit) => kit.kitSlug === kitSlug)!.code!;
  return { ...order, code };
}

test('without script, a member registers a kit by its code, after being told what to fix', async ({ page, browser }) => {
  const order = await shippedKit(page.request, browser);

  await page.goto(`/account/orders/${order.id}`);
  await expect(page.getByRole('heading', { name: `Order #${order.number}` })).toBeVisible();
  await page.getByLabel('Kit code').fill('abc');
  await page.getByRole('button', { name: 'Register my kit' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter the code printed on your kit, like ABCD-2345.');
  await expect(page.getByLabel('Kit code')).toHaveValue('abc');

  await page.getByLabel('Kit code').fill('ZZZZ-9999');
  await page.getByRole('button', { name: 'Register my kit' }).click();
  await expect(page.getByRole('alert')).toContainText('This code does not match a kit of this order.');
  await expect(page.getByLabel('Kit code')).toHaveValue('ZZZZ-9999');

  // as people type it: lower case, without the dash
  await page.getByLabel('Kit code').fill(order.code.replace('-', '').toLowerCase());
  await page.getByRole('button', { name: 'Register my kit' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your kit is registered.' })).toHaveText(
    'Your kit is registered. Take your sample as the instructions say and send it back.',
  );
  await expect(page.getByText(/Registered on/)).toBeVisible();
  // the kit is registered: its form has gone
  await expect(page.getByLabel('Kit code')).toHaveCount(0);
});

test('without script, a one-off gift’s recipient adds the Improvement Program and goes to checkout', async ({ page, browser }) => {
  const gift = await buyDeliveredGift(browser);
  await ok(
    await page.request.post('/api/checkout/account', { data: { email: uniqueEmail('no-script-recipient'), password: 'Sup3r-secret!' } }),
  );
  const redeemed = await ok(
    await page.request.post('/api/gifts/redeem', {
      data: {
        code: gift.shownCode,
        choice: { kind: 'area', area: 'sleep' },
        dateOfBirth: '1990-04-12',
        shipping: { fullName: 'Sam Lee', email: 'sam.lee@example.com', shippingAddress: '12 Elm Street', city: 'Austin', zipCode: '78701' },
        consents: ['hipaa_authorization'],
      },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    }),
  );

  await page.goto(`/account/orders/${redeemed.order.id}`);
  const offer = page.getByRole('region', { name: 'Add the Improvement Program' });
  await offer.getByRole('button', { name: 'Add the program for $180.00' }).click();
  await expect(page).toHaveURL(/\/checkout-payment$/);
  await expect(page.getByRole('region', { name: 'Order summary' })).toContainText('Improvement Program');
});

test('without script, a member cancels a test subscription once the page has asked', async ({ page }) => {
  await ok(await page.request.post('/api/cart/items', { data: { productCode: 'base-monitor', testId: 53, frequency: 'monthly' } }));
  await payForCart(page.request, 'no-script-monitor');

  await page.goto('/account');
  const subscription = page.getByRole('article', { name: /Cortisol Test/ });
  await expect(subscription).toContainText('Active');

  // the page asks at its own address; keeping it changes nothing
  await subscription.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page).toHaveURL(/\/account\?cancel=[0-9a-f-]{36}$/);
  let question = subscription.getByRole('region', { name: 'Cancel this subscription?' });
  await expect(question).toContainText('your card will not be charged again for it and no more kits are sent');
  await question.getByRole('link', { name: 'Keep it' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(subscription).toContainText('Active');
  await expect(subscription.getByRole('region', { name: 'Cancel this subscription?' })).toHaveCount(0);

  await subscription.getByRole('button', { name: 'Cancel subscription' }).click();
  question = subscription.getByRole('region', { name: 'Cancel this subscription?' });
  await question.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'is cancelled' })).toHaveText(
    /^Your subscription to the .*Cortisol Test.* is cancelled\. Your card will not be charged again for it\.$/,
  );
  await expect(subscription).toContainText('Cancelled: no more deliveries or charges.');
  await expect(subscription.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);
  await expect(subscription.getByRole('region', { name: 'Cancel this subscription?' })).toHaveCount(0);

  // a new visit shows it cancelled
  await page.goto('/account');
  await expect(page.getByRole('article', { name: /Cortisol Test/ })).toContainText('Cancelled');
});

test('without script, a member signs out from the account and lands home, signed out', async ({ page }) => {
  const email = uniqueEmail('no-script-sign-out');
  await ok(await page.request.post('/api/checkout/account', { data: { email, password: 'Sup3r-secret!' } }));
  await page.goto('/account');
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();

  // an address followed (a link, an image on another site) signs no one out: only the form does
  await page.goto('/sign-out');
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  expect(await (await page.request.get('/api/auth/get-session')).json()).toMatchObject({ user: { email } });
  await page.goto('/account');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  const session = await (await page.request.get('/api/auth/get-session')).json();
  expect(session).toBeNull();
  // the account is behind sign-in again
  await page.goto('/account');
  await expect(page).toHaveURL(/\/sign-in\?next=/);
});

test('without script, a member uploads their lab report for the nutritional plan, after a photo that is not one is refused', async ({
  page,
}) => {
  await ok(await page.request.post('/api/cart/items', { data: { productCode: 'nutritional-plan' } }));
  await payForCart(page.request, 'no-script-labs');

  await page.goto('/account/nutritional-plan');
  const file = page.getByLabel('Your lab report');
  // a text file named like a photo: the page comes back with what was wrong, under the field
  await file.setInputFiles({ name: 'labs.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a picture at all') });
  await page.getByRole('button', { name: 'Upload my lab report' }).click();
  await expect(page).toHaveURL(/\/account\/nutritional-plan$/);
  await expect(page.getByText('This file is not a PDF, JPEG or PNG. Please upload your lab report as a PDF or a photo.')).toBeVisible();

  // a small PNG goes in, and the browser is sent to the confirmation
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  await page.getByLabel('Your lab report').setInputFiles({ name: 'page-1.png', mimeType: 'image/png', buffer: png });
  await page.getByRole('button', { name: 'Upload my lab report' }).click();
  await expect(page).toHaveURL(/\/nutritional-plan-confirm$/);
  await page.goto('/account/nutritional-plan');
  await expect(page.getByRole('heading', { name: 'Your lab report is with our nutritionists' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: /^Report 1 \(PNG image, 1 KB\)$/ })).toBeVisible();
});
