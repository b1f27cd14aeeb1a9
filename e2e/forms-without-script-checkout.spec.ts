import { dayIn } from '@shop/core';
import { expect, test, type APIRequestContext, type Browser } from './fixtures';
import { buyDeliveredGift } from './gift-journey';
import { everyCheckoutConsent, ok, starterTestInCart, uniqueEmail } from './journey';

// The checkout's forms before (or without) the page's script, but for the card fields: the
// browser posts each to its page's action, which answers with the page, showing what to fix
// (with what was typed) or what was done. What each needs is set up through the shop's API, in
// the page's own context so that it shares the cart and the session.
test.use({ javaScriptEnabled: false });

/** A starter test bought and paid with the test card, by a new customer signed in as the request's context. */
async function paidOrder(request: APIRequestContext): Promise<string> {
  await starterTestInCart(request);
  await ok(await request.post('/api/checkout/account', { data: { email: uniqueEmail('no-script-buyer'), password: 'Sup3r-secret!' } }));
  const card = await ok(
    await request.post('/api/payments/test-gateway/payment-methods', { data: { number: '4242424242424242', expiry: '12/34', cvc: '123' } }),
  );
  const placed = await ok(
    await request.post('/api/checkout/orders', {
      data: { testedState: 'TX', consents: everyCheckoutConsent, paymentMethod: card.paymentMethod },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    }),
  );
  return (placed.order as { id: string }).id;
}

/** Discount codes, defined by the operator as in the console. */
async function defineCoupons(browser: Browser, coupons: object[]) {
  const operator = await browser.newContext();
  await ok(
    await operator.request.post('/api/auth/sign-in/email', { data: { email: 'operator@shop.local', password: 'operator-e2e-password' } }),
  );
  for (const coupon of coupons)
    expect([201, 409]).toContain((await operator.request.post('/api/admin/coupons', { data: coupon })).status());
  await operator.close();
}

/** A day this many days from New York's today, as the date field takes it. */
function dayFromToday(days: number): string {
  const [year, month, day] = dayIn(new Date()).split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day! + days)).toISOString().slice(0, 10);
}

test('the collection choice finds labs, says what to fix and records the choice without script', async ({ page }) => {
  const orderId = await paidOrder(page.request);
  await page.goto(`/collection?order=${orderId}`);
  let form = page.getByRole('form', { name: 'Collection choice' });
  await form.getByLabel('Shipping address').fill('410 Congress Ave');
  await form.getByLabel('City').fill('Austin');
  await form.getByLabel('Zip code', { exact: true }).fill('787');
  await form.getByRole('button', { name: 'Confirm At-home Delivery' }).click();
  form = page.getByRole('form', { name: 'Collection choice' });
  await expect(form.getByText('Enter a valid name or send us a message')).toBeVisible();
  await expect(form.getByText('Enter a valid zipcode or send us a message')).toBeVisible();
  await expect(form.getByLabel('Shipping address')).toHaveValue('410 Congress Ave');
  await expect(form.getByLabel('City')).toHaveValue('Austin');
  await expect(form.getByLabel('Zip code', { exact: true })).toHaveValue('787');

  // the lab's fields show once Lab Pick-Up is checked, by the page's style alone
  await expect(form.getByLabel('Your zip code')).toBeHidden();
  await form.getByRole('radio', { name: /Lab Pick-Up/ }).check();
  await expect(form.getByLabel('Shipping address')).toBeHidden();
  await form.getByLabel('Your zip code').fill('10001');
  await form.getByRole('button', { name: 'Find labs' }).click();
  form = page.getByRole('form', { name: 'Collection choice' });
  await expect(form.getByText('Lab Pick-Up is not available in New York. Please choose At-home Delivery.')).toBeVisible();
  await expect(form.getByLabel('Your zip code')).toHaveValue('10001');
  await expect(form.getByRole('radio', { name: /Lab Pick-Up/ })).toBeChecked();

  await form.getByLabel('Your zip code').fill('78702');
  await form.getByRole('button', { name: 'Find labs' }).click();
  const labs = page.getByRole('group', { name: 'Choose a lab' });
  await expect(labs.getByRole('radio')).toHaveCount(5);
  await expect(labs.locator('label').first()).toContainText('Partner Lab – Downtown Austin');
  await labs.getByRole('radio').nth(1).check();
  const chosen = await labs.getByRole('radio').nth(1).getAttribute('value');
  await page.getByRole('button', { name: 'Confirm Lab Pick-Up' }).click();

  await expect(page).toHaveURL(new RegExp(`/thanks\\?order=${orderId}$`));
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  const order = await ok(await page.request.get(`/api/orders/${orderId}`));
  expect(order.collection).toMatchObject({ method: 'lab', label: 'Lab Pick-Up', zipCode: '78702', labLocationId: chosen });

  // the choice is made once: coming back shows it locked
  await page.goto(`/collection?order=${orderId}`);
  await expect(page.getByText('You have selected: Lab Pick-Up. This choice can only be changed by messaging support.')).toBeVisible();
});

test('the gift delivery form says what to fix and leads to the payment without script', async ({ page }) => {
  await ok(await page.request.put('/api/cart/gift', { data: { type: 'one_off', areas: ['stress', 'sleep'], complete: false } }));
  const recipientEmail = uniqueEmail('no-script-sam');
  await page.goto('/checkout-gift-purchaser');
  let form = page.getByRole('form', { name: 'Gift delivery' });
  await form.getByLabel('Your name').fill('Dana Wu');
  await form.getByLabel('Your email').fill('dana at example');
  await form.getByLabel('Their name').fill('Sam Wu');
  await form.getByLabel('Their email').fill(recipientEmail);
  await form.getByLabel('Delivery date').fill(dayFromToday(-1));
  await form.getByLabel('Your message (optional)').fill('Happy birthday, Sam!');
  await form.getByRole('button', { name: 'Continue to payment' }).click();
  form = page.getByRole('form', { name: 'Gift delivery' });
  await expect(form.getByText('This should be an email')).toBeVisible();
  await expect(form.getByText('Please select today or a later date')).toBeVisible();
  await expect(form.getByLabel('Their email')).toHaveValue(recipientEmail);
  await expect(form.getByLabel('Your message (optional)')).toHaveValue('Happy birthday, Sam!');
  await expect(page.getByRole('region', { name: 'Your gift' })).toContainText('A health test for Sam Wu');

  await form.getByLabel('Your email').fill(uniqueEmail('no-script-dana'));
  await form.getByLabel('Delivery date').fill(dayFromToday(2));
  await form.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/checkout-payment-gift$/);
  await expect(page.getByRole('heading', { name: 'Pay for your gift' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Delivery' })).toContainText(`Sam Wu (${recipientEmail})`);
  const { gift } = await ok(await page.request.get('/api/cart/gift'));
  expect(gift.delivery).toMatchObject({
    purchaserName: 'Dana Wu',
    recipientEmail,
    deliveryDate: dayFromToday(2),
    message: 'Happy birthday, Sam!',
  });
});

test('the discount code is applied and removed without script, beside a checkout that asks for its script', async ({ page, browser }) => {
  await defineCoupons(browser, [
    { code: 'NOSCRIPT-E2E', kind: 'fixed', value: 800 },
    { code: 'NOSCRIPT-OLD', kind: 'percent', value: 10, startsAt: '2020-01-01T00:00:00Z', expiresAt: '2021-01-01T00:00:00Z' },
  ]);
  await starterTestInCart(page.request);
  await page.goto('/checkout-payment');
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary).toContainText('$79.95');
  // the code's form sits beside the checkout's, never inside it
  await expect(page.getByRole('form', { name: 'Checkout' }).getByRole('form')).toHaveCount(0);

  let code = page.getByRole('form', { name: 'Discount code' });
  await code.getByLabel('Discount code').fill('no spaces!');
  await code.getByRole('button', { name: 'Apply' }).click();
  code = page.getByRole('form', { name: 'Discount code' });
  await expect(
    code.getByText('Discount codes are 3 to 32 letters, numbers, dashes or underscores. Please check the code and try again.'),
  ).toBeVisible();
  await expect(code.getByLabel('Discount code')).toHaveValue('no spaces!');

  await code.getByLabel('Discount code').fill('noscript-old');
  await code.getByRole('button', { name: 'Apply' }).click();
  await expect(code.getByText('The discount code you applied is expired.')).toBeVisible();
  await expect(code.getByLabel('Discount code')).toHaveValue('noscript-old');

  await code.getByLabel('Discount code').fill('noscript-e2e');
  await code.getByRole('button', { name: 'Apply' }).click();
  await expect(code.getByRole('status')).toHaveText('Discount code NOSCRIPT-E2E applied: −$8.00.');
  await expect(summary).toContainText('−$8.00');
  expect((await ok(await page.request.get('/api/cart'))).display.couponCode).toBe('NOSCRIPT-E2E');

  await code.getByRole('button', { name: 'Remove' }).click();
  await expect(code.getByRole('status')).toHaveText('The discount code is removed.');
  await expect(code.getByLabel('Discount code')).toBeVisible();
  await expect(summary).not.toContainText('−$8.00');
  expect((await ok(await page.request.get('/api/cart'))).display.couponCode).toBeNull();

  // the card goes from the page's script to the gateway: without it, the checkout says so
  const checkout = page.getByRole('form', { name: 'Checkout' });
  await checkout.getByLabel('Email').fill(uniqueEmail('no-script-payer'));
  await checkout.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('form', { name: 'Checkout' }).getByRole('alert')).toContainText(
    'Paying by card needs this page’s JavaScript',
  );
});

test('the gift code is checked, and the gift redeemed, without script', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const gift = await buyDeliveredGift(browser, { purchaserName: 'Dana Wu', message: 'Happy birthday, Sam!' });
  await page.goto('/checkout-gift-receiver');
  let code = page.getByRole('form', { name: 'Gift code' });
  await code.getByLabel('Gift code').fill('ABCD-1234');
  await code.getByRole('button', { name: 'Check code' }).click();
  code = page.getByRole('form', { name: 'Gift code' });
  await expect(
    code.getByText('This is not a gift code. Please check the code in your e-mail: it has 16 letters and digits.'),
  ).toBeVisible();
  await expect(code.getByLabel('Gift code')).toHaveValue('ABCD-1234');
  await expect(page.getByRole('form', { name: 'Redeem your gift' })).toHaveCount(0);

  await code.getByLabel('Gift code').fill(gift.shownCode.toLowerCase());
  await code.getByRole('button', { name: 'Check code' }).click();
  await expect(page.getByText('A gift from Dana: Starter test')).toBeVisible();
  await expect(page.getByText('Happy birthday, Sam!')).toBeVisible();

  let form = page.getByRole('form', { name: 'Redeem your gift' });
  const email = uniqueEmail('no-script-recipient');
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password').fill('Sup3r-secret!');
  await form.getByLabel('Date of birth').fill('1990-04-12');
  await form.getByRole('radio', { name: /Sleep: Melatonin Test/ }).check();
  await form.getByLabel('Full name').fill('Sam Lee');
  await form.getByLabel('Email for delivery updates').fill('sam.lee@example.com');
  await form.getByLabel('Shipping address').fill('12 Elm Street');
  await form.getByLabel('City').fill('Austin');
  await form.getByLabel('Zip code').fill('787');
  await form.getByRole('button', { name: 'Redeem my gift' }).click();
  form = page.getByRole('form', { name: 'Redeem your gift' });
  await expect(form.getByText('Please enter a valid zip code')).toBeVisible();
  // what was typed comes back, but the password
  await expect(form.getByLabel('Email', { exact: true })).toHaveValue(email);
  await expect(form.getByLabel('Password')).toHaveValue('');
  await expect(form.getByLabel('Full name')).toHaveValue('Sam Lee');
  await expect(form.getByRole('radio', { name: /Sleep: Melatonin Test/ })).toBeChecked();
  await expect(page.getByText('A gift from Dana: Starter test')).toBeVisible();

  await form.getByLabel('Password').fill('Sup3r-secret!');
  await form.getByLabel('Zip code').fill('78701');
  await form.getByRole('checkbox', { name: /I authorize the partner laboratory/ }).check();
  await form.getByRole('button', { name: 'Redeem my gift' }).click();
  await expect(page).toHaveURL(/\/account\/orders\/[0-9a-f-]{36}$/);
  const items = page.getByRole('region', { name: 'Your order' });
  await expect(items).toContainText('Melatonin Test (gift)');
  await expect(items).toContainText('Total $0.00');

  // the link of the e-mail is checked as its page opens: the code is spent now
  await page.goto(`/checkout-gift-receiver?code=${gift.shownCode}`);
  await expect(page.getByText('This gift has already been redeemed.')).toBeVisible();
});
