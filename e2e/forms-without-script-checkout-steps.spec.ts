import { expect, test, type APIRequestContext, type Browser } from './fixtures';
import { agreeToCollectHealthData, everyCheckoutConsent, ok, quizConsent, starterTestInCart, uniqueEmail } from './journey';

// The checkout's steps before (or without) the page's script: the account step, the gift choices
// of the gift pages and of the gift quiz's results. The browser posts each to its action, which
// answers with the page (what to fix, with what was typed) or sends the visitor on.
test.use({ javaScriptEnabled: false });

test('the checkout’s account step says what to fix, then creates the account, without script', async ({ page }) => {
  await starterTestInCart(page.request);
  await page.goto('/checkout-payment');
  let checkout = page.getByRole('form', { name: 'Checkout' });
  await checkout.getByLabel('Email').fill('ann at example');
  await checkout.getByRole('button', { name: 'Continue', exact: true }).click();
  checkout = page.getByRole('form', { name: 'Checkout' });
  await expect(checkout.getByText('Please enter a valid email')).toBeVisible();
  await expect(checkout.getByText('Please enter password')).toBeVisible();
  await expect(checkout.getByLabel('Email')).toHaveValue('ann at example');
  await expect(checkout.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

  const email = uniqueEmail('no-script-account');
  await checkout.getByLabel('Email').fill(email);
  await checkout.getByLabel('Password').fill('Sup3r-secret!');
  await checkout.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('form', { name: 'Checkout' }).getByText(`Signed in as ${email}`)).toBeVisible();
  await expect(page).toHaveURL(/\/checkout-payment$/);
  // the session's cookie came with the page: the shop knows who it is
  expect((await ok(await page.request.get('/api/auth/get-session'))).user.email).toBe(email);
});

test('a gift chosen on the gift page lands in the cart, without script', async ({ page }) => {
  await page.goto('/gifts');
  await page.getByRole('radio', { name: 'Select gift: Starter test + Improvement Program' }).check();
  await page.getByRole('checkbox', { name: 'Select Diet' }).check();
  await page.getByRole('checkbox', { name: 'Select Sleep' }).check();
  await page.getByRole('button', { name: 'Add to cart' }).click();

  await expect(page).toHaveURL(/\/checkout-gift-purchaser$/);
  await expect(page.getByRole('heading', { name: 'Who is the gift for?' })).toBeVisible();
  const cart = await ok(await page.request.get('/api/cart'));
  expect(cart.giftType).toBe('improvement_program');
  const { gift } = await ok(await page.request.get('/api/cart/gift'));
  expect(gift.contents).toEqual({ kind: 'areas', areas: expect.arrayContaining(['diet', 'sleep']) });
  expect(gift.contents.areas).toHaveLength(2);
});

test('a choice the gift page refuses sends the visitor back to it, and nothing is in the cart', async ({ page }) => {
  await page.goto('/gifts-base');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page).toHaveURL(/\/gifts-base\/?#choose-gift$/);
  expect((await ok(await page.request.get('/api/cart'))).giftType ?? null).toBeNull();
});

test('the gift quiz’s “Gift now” puts its areas in the cart and goes on to the gift’s details, without script', async ({ page }) => {
  await page.goto('/quiz-gift');
  await agreeToCollectHealthData(page);
  await page.getByRole('radio', { name: 'Sleep' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: 'Female' }).check();
  await page.getByRole('button', { name: 'See my results' }).click();
  await expect(page).toHaveURL(/\/quiz-results\?id=[0-9a-f-]{36}$/);

  await page
    .getByRole('region', { name: 'Give it as a gift' })
    .getByRole('button', { name: 'Gift now: Starter test', exact: true })
    .click();
  await expect(page).toHaveURL(/\/checkout-gift-purchaser$/);
  await expect(page.getByRole('heading', { name: 'Who is the gift for?' })).toBeVisible();
  const { gift } = await ok(await page.request.get('/api/cart/gift'));
  expect(gift.type).toBe('one_off');
  expect(gift.contents).toMatchObject({ kind: 'areas' });
  expect(gift.contents.areas).toContain('sleep');
});

/** A staff member signed in through the API, in a context of their own. */
async function staff(browser: Browser, email: string, password: string) {
  const context = await browser.newContext();
  await ok(await context.request.post('/api/auth/sign-in/email', { data: { email, password } }));
  return context;
}

/**
 * The quiz's Cortisol Test with the program, paid with a card whose bank wants the customer for
 * each charge: once the results are in, the program's charge waits for their approval.
 */
async function programChargeAwaitingApproval(request: APIRequestContext, browser: Browser): Promise<string> {
  const quiz = await ok(
    await request.post('/api/quiz-results', {
      data: { variant: 'quiz', answers: { goal: 'anxiety-depression', sex: 'female', dateOfBirth: '1990-04-12' }, consent: quizConsent },
    }),
  );
  await ok(await request.post('/api/cart/items', { data: { productCode: 'base-quiz', quizResultId: quiz.id } }));
  await ok(await request.post('/api/cart/items', { data: { productCode: 'base-improvement-plan', quizResultId: quiz.id } }));
  await ok(await request.post('/api/checkout/account', { data: { email: uniqueEmail('no-script-program'), password: 'Sup3r-secret!' } }));
  const card = await ok(
    await request.post('/api/payments/test-gateway/payment-methods', { data: { number: '4000002760003184', expiry: '12/34', cvc: '123' } }),
  );
  const placing = await request.post('/api/checkout/orders', {
    data: { testedState: 'TX', consents: everyCheckoutConsent, paymentMethod: card.paymentMethod },
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
  let placed = await ok(placing);
  if (placing.status() === 202) {
    await ok(
      await request.post('/api/payments/test-gateway/authentications', {
        data: { clientSecret: placed.requiresAction.clientSecret, approve: true },
      }),
    );
    placed = await ok(await request.post(`/api/checkout/orders/${placed.order.id}/confirm`));
  }
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
  const clinician = await staff(browser, 'clinician@shop.local', 'clinician-e2e-password');
  await ok(await clinician.request.post(`/api/admin/orders/${orderId}/approve`, { data: {} }));
  await clinician.close();
  const operator = await staff(browser, 'operator@shop.local', 'operator-e2e-password');
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
        results: [{ biomarker: 'cortisol', value: 0.6, unit: 'ng/mL' }],
      },
    }),
  );
  await operator.close();
  // the worker tries the saved card, and the bank asks for the customer
  await expect
    .poll(async () => (await ok(await request.get(`/api/checkout/program-charges/${orderId}`))).state, { timeout: 30_000 })
    .toBe('awaiting_approval');
  return orderId;
}

test('the Improvement Program’s held-back charge is approved, through the bank’s check, without script', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const orderId = await programChargeAwaitingApproval(page.request, browser);
  await page.goto(`/checkout-improvement-program?order=${orderId}`);
  await page.getByRole('button', { name: /^Approve \$/ }).click();
  const check = page.getByRole('form', { name: 'Confirm your payment' });
  await expect(check.getByText(/Your bank asks you to confirm the payment of \$/)).toBeVisible();
  await check.getByRole('button', { name: 'Approve payment' }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout-improvement-program\\?order=${orderId}$`));
  await expect(page.getByText(/Thank you\. The charge of .* went through and your 2-month program is starting\./)).toBeVisible();
  expect((await ok(await page.request.get(`/api/checkout/program-charges/${orderId}`))).state).toBe('paid');
});

test.describe('with the page’s script', () => {
  test.use({ javaScriptEnabled: true });

  test('the same approval asks the bank’s check in a dialog, and the page stays', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const orderId = await programChargeAwaitingApproval(page.request, browser);
    await page.goto(`/checkout-improvement-program?order=${orderId}`);
    await page.getByRole('button', { name: /^Approve \$/ }).click();
    const bank = page.getByRole('dialog', { name: 'Confirm your payment' });
    await expect(bank).toBeVisible();
    await bank.getByRole('button', { name: 'Refuse' }).click();
    await expect(bank).toBeHidden();
    await expect(page.getByRole('alert')).toBeVisible();
    await page.getByRole('button', { name: /^Approve \$/ }).click();
    await page.getByRole('dialog', { name: 'Confirm your payment' }).getByRole('button', { name: 'Approve payment' }).click();
    await expect(page.getByText(/Thank you\. The charge of .* went through and your 2-month program is starting\./)).toBeVisible();
    expect((await ok(await page.request.get(`/api/checkout/program-charges/${orderId}`))).state).toBe('paid');
  });
});
