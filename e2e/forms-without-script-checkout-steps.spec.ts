import { expect, test, type APIRequestContext } from './fixtures';
import { uniqueEmail } from './journey';

// The checkout's steps before (or without) the page's script: the account step, the gift choices
// of the gift pages and of the gift quiz's results. The browser posts each to its action, which
// answers with the page (what to fix, with what was typed) or sends the visitor on.
test.use({ javaScriptEnabled: false });

async function ok(response: Awaited<ReturnType<APIRequestContext['post']>>) {
  expect(response.status(), `${response.url()}: ${await response.text()}`).toBeLessThan(300);
  return response.json();
}

/** The quiz's starter test in the cart. */
async function starterTestInCart(request: APIRequestContext) {
  const quiz = await ok(
    await request.post('/api/quiz-results', {
      data: { variant: 'quiz', answers: { goal: 'anxiety-depression', sex: 'female', dateOfBirth: '1990-04-12' } },
    }),
  );
  await ok(await request.post('/api/cart/items', { data: { productCode: 'base-quiz', quizResultId: quiz.id } }));
}

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
