import { expect, test, type Browser, type Page } from './fixtures';
import { dayIn } from '@shop/core';
import { answerQuiz, expectAccessible, fillAccount, pay, uniqueEmail } from './journey';

// Buying a gift as a person does: on the gift page, its type and what it holds, the delivery form,
// the payment; then the recipient's e-mail with its code, read as the team reads the outbox.

/** A day this many days from New York's today, as the date field takes it. */
function dayFromToday(days: number): string {
  const [year, month, day] = dayIn(new Date()).split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day! + days)).toISOString().slice(0, 10);
}

async function operatorPage(browser: Browser, next: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`/sign-in?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Email').fill('operator@shop.local');
  await page.getByLabel('Password').fill('operator-e2e-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`${next}$`));
  return { context, page };
}

async function fillDelivery(page: Page, form: { purchaserEmail: string; recipientEmail: string; date: string; message?: string }) {
  await page.getByLabel('Your name').fill('Dana Wu');
  await page.getByLabel('Your email').fill(form.purchaserEmail);
  await page.getByLabel('Their name').fill('Sam Wu');
  await page.getByLabel('Their email').fill(form.recipientEmail);
  await page.getByLabel('Delivery date').fill(form.date);
  await page.getByLabel('Your message (optional)').fill(form.message ?? '');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
}

test('a purchaser gives a starter test with the program; the recipient gets the code by e-mail, chooses home or lab and redeems it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const purchaserEmail = uniqueEmail('giver');
  const recipientEmail = uniqueEmail('sam');

  await page.goto('/gifts');
  await page.getByRole('button', { name: 'Select gift: Starter test + Improvement Program' }).click();
  await page.getByRole('button', { name: 'Select Diet' }).click();
  await page.getByRole('button', { name: 'Select Sleep' }).click();
  await expect(page.getByRole('button', { name: 'Selected Diet' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Selected Sleep' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Add to cart' }).click();

  const cart = page.getByRole('dialog', { name: 'Your cart' });
  await expect(cart.getByRole('list', { name: 'Items in your cart' })).toContainText('Gift: starter test + Improvement Program');
  await expect(cart).toContainText('$220.00');
  await cart.getByRole('button', { name: 'Close cart' }).click();
  await expect(page.getByRole('button', { name: 'Added to cart' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Gift added: Starter test + Improvement Program' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Continue to the gift details' }).click();
  await expect(page).toHaveURL(/\/checkout-gift-purchaser$/);
  await expect(page.getByRole('heading', { name: 'Who is the gift for?' })).toBeVisible();
  await expectAccessible(page);
  await fillDelivery(page, {
    purchaserEmail,
    recipientEmail,
    date: dayIn(new Date()),
    message: 'Happy birthday, Sam! Take care of yourself & enjoy.',
  });

  await expect(page).toHaveURL(/\/checkout-payment-gift$/);
  await expect(page.getByRole('heading', { name: 'Pay for your gift' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Delivery' })).toContainText(`Sam Wu (${recipientEmail})`);
  await expect(page.getByRole('region', { name: 'Your gift' })).toContainText('A health test for Sam Wu');
  await expectAccessible(page);
  await fillAccount(page, purchaserEmail);
  await pay(page, '4242 4242 4242 4242');

  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your gift for Sam Wu' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Choose home kit or lab' })).toHaveCount(0);
  const orderId = new URL(page.url()).searchParams.get('order');
  expect(orderId).toBeTruthy();

  // dated today, the shop's worker delivers it at once: the recipient's e-mail is in the outbox
  const operator = await operatorPage(browser, `/admin/orders/${orderId}`);
  let gift: { subject: string; text: string } | undefined;
  await expect
    .poll(
      async () => {
        const response = await operator.page.request.get(`/api/admin/outbox?to=${encodeURIComponent(recipientEmail)}`);
        gift = ((await response.json()).emails as { subject: string; text: string }[]).find(
          (mail) => mail.subject === 'Dana Wu sent you a gift from Base',
        );
        return gift !== undefined;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  const link = /\/checkout-gift-receiver\?code=([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})/.exec(gift!.text);
  expect(link, gift!.text).not.toBeNull();
  expect(gift!.text).toContain(`Your gift code: ${link![1]}`);
  expect(gift!.text).toContain('Happy birthday, Sam! Take care of yourself & enjoy.');

  // the console shows the gift, never its code
  await operator.page.reload();
  const panel = operator.page.getByRole('region', { name: 'Gift' });
  await expect(panel).toContainText(`Sam Wu (${recipientEmail})`);
  await expect(panel).toContainText('Delivered');
  await expect(operator.page.locator('body')).not.toContainText(link![1]!);
  await operator.context.close();

  // the recipient follows the e-mail's link, redeems the gift and reaches the collection choice
  const recipient = await browser.newContext();
  const sam = await recipient.newPage();
  await sam.goto(`/checkout-gift-receiver?code=${link![1]}`);
  await expect(sam.getByText('Happy birthday, Sam! Take care of yourself & enjoy.')).toBeVisible();
  const form = sam.getByRole('form', { name: 'Redeem your gift' });
  await form.getByLabel('Email', { exact: true }).fill(recipientEmail);
  await form.getByLabel('Password').fill('Sup3r-secret!');
  await form.getByLabel('Date of birth').fill('1992-08-01');
  await form.getByRole('radio', { name: /At-home Delivery/ }).check();
  await form.getByRole('radio', { name: /^Sleep:/ }).check();
  await form.getByLabel('Full name').fill('Sam Wu');
  await form.getByLabel('Email for delivery updates').fill(recipientEmail);
  await form.getByLabel('Shipping address').fill('12 Elm Street');
  await form.getByLabel('City').fill('Austin');
  await form.getByLabel('Zip code').fill('78701');
  await form.getByRole('checkbox', { name: /I authorize the partner laboratory/ }).check();
  await form.getByRole('button', { name: 'Redeem my gift' }).click();
  await expect(sam).toHaveURL(/\/account\/orders\/[0-9a-f-]{36}$/);
  const items = sam.getByRole('region', { name: 'Your order' });
  await expect(items).toContainText('Total $0.00');
  await expect(items).toContainText('At-home Delivery');
  await expect(sam.getByRole('region', { name: 'What happens next' })).toContainText('Fill in your medical profile');
  await recipient.close();
});

test('the delivery form refuses a past date, a bad e-mail and no date, with the messages of the specification', async ({ page }) => {
  await page.goto('/gifts-base');
  await page.getByRole('button', { name: 'Select gift: Starter test' }).first().click();
  await page.getByRole('button', { name: 'Select Complete bundle' }).click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('dialog', { name: 'Your cart' })).toContainText('Gift: starter test');
  await page.goto('/checkout-gift-purchaser');

  await fillDelivery(page, { purchaserEmail: uniqueEmail('giver'), recipientEmail: uniqueEmail('sam'), date: dayFromToday(-1) });
  await expect(page.getByText('Please select today or a later date')).toBeVisible();
  await expect(page.getByLabel('Delivery date')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/checkout-gift-purchaser$/);

  await fillDelivery(page, { purchaserEmail: 'dana at example', recipientEmail: uniqueEmail('sam'), date: '' });
  await expect(page.getByText('This should be an email')).toBeVisible();
  await expect(page.getByText('Please select a date')).toBeVisible();

  await fillDelivery(page, {
    purchaserEmail: uniqueEmail('giver'),
    recipientEmail: uniqueEmail('sam'),
    date: dayFromToday(1),
    message: 'Hi <b>Sam</b>',
  });
  await expect(page.getByText('Please write the message as plain text, without HTML tags')).toBeVisible();
  await expect(page).toHaveURL(/\/checkout-gift-purchaser$/);
});

test('the gift quiz ends in a gift for the areas it found, not in a plan for the one who answered', async ({ page }) => {
  await page.goto('/quiz-gift');
  await answerQuiz(page, { choose: /sleep/i });
  await expect(page).toHaveURL(/\/quiz-results\?id=/);
  const gift = page.getByRole('region', { name: 'Give it as a gift' });
  await expect(gift).toBeVisible();
  await expect(page.getByRole('region', { name: 'Choose your plan' })).toHaveCount(0);
  await expectAccessible(page);
  await gift.getByRole('button', { name: 'Gift now: Starter test + Improvement Program' }).click();
  await expect(page).toHaveURL(/\/checkout-gift-purchaser$/);
  await expect(page.getByRole('heading', { name: 'Who is the gift for?' })).toBeVisible();
  const cart = await (await page.request.get('/api/cart')).json();
  expect(cart.giftType).toBe('improvement_program');
});
