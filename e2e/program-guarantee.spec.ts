import { staff } from './console-journey';
import { expect, test } from './fixtures';
import { expectAccessible, ok, uniqueEmail } from './journey';
import { memberWithActiveProgram, staffContext } from './program-journey';

// The Improvement Program's end: the member is offered their 3rd test (the starter test again)
// with the terms' guarantee, and an operator applies the guarantee ("tests free if no health
// optimization is found within 3 tests") as store credit, which the member then sees and spends.

const DAY_MS = 86_400_000;

test('at the program’s end the operator applies the guarantee as store credit, and the member adds the 3rd test to the cart', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const email = uniqueEmail('guarantee');
  const orderId = await memberWithActiveProgram(page.request, browser, email);

  // in the program's first week there is no 3rd test yet, and the console offers no guarantee
  await page.goto('/account/program');
  await expect(page.getByText(/^Week 1 of 8\./)).toBeVisible();
  await expect(page.getByRole('heading', { name: /again$/ })).toHaveCount(0);
  const operatorContext = await staffContext(browser, staff.operator);
  const consolePage = await operatorContext.newPage();
  await consolePage.goto(`/admin/orders/${orderId}`);
  const panel = consolePage.getByRole('region', { name: 'Program guarantee' });
  await expect(panel).toContainText('Paid for the program’s tests: $79.95');
  await expect(panel).toContainText('from its week 8, or when the order is completed');
  await expect(panel.getByRole('button', { name: 'Apply the guarantee' })).toHaveCount(0);

  // eight weeks on (the test clock moves the program's start back)
  await ok(
    await page.request.post(`/api/test-clock/programs/${orderId}/start`, {
      data: { startedAt: new Date(Date.now() - 52 * DAY_MS).toISOString() },
    }),
  );

  // the operator applies the guarantee, with a reason, as store credit
  await consolePage.reload();
  await expect(panel).toContainText('tests free if no health optimization is found within 3 tests');
  await panel.getByLabel('Why the guarantee applies (required)').fill('No health optimization found across the starter test and 2 retests');
  await panel.getByRole('radio', { name: 'Store credit' }).check();
  await expectAccessible(consolePage);
  await panel.getByRole('button', { name: 'Apply the guarantee' }).click();
  await expect(panel.getByText('Guarantee applied: $79.95 given as store credit.')).toBeVisible();
  await expect(panel).toContainText(/Applied .*: \$79\.95 given as store credit\./);
  await expect(panel.getByRole('button', { name: 'Apply the guarantee' })).toHaveCount(0);
  // a second application is refused by the API, whoever sends it
  const again = await operatorContext.request.post(`/api/admin/orders/${orderId}/guarantee`, {
    data: { reason: 'Again', method: 'refund' },
  });
  expect(again.status()).toBe(409);
  expect((await again.json()).message).toBe('The guarantee was already applied to this order. It is applied once.');
  await operatorContext.close();

  // the member sees the credit in their account
  await page.goto('/account');
  const credit = page.getByRole('region', { name: 'Store credit' });
  await expect(credit).toContainText('$79.95');
  await expect(credit).toContainText('Improvement Program guarantee');

  // and their 3rd test on the program page: the starter test again, with the guarantee
  await page.goto('/account/program');
  const offer = page.getByRole('region', { name: 'Take your Cortisol Test again' });
  await expect(offer).toContainText('$79.95');
  await expect(offer).toContainText('Our guarantee: tests free if no health optimization is found within 3 tests.');
  await expectAccessible(page);
  await offer.getByRole('button', { name: 'Add to cart: Cortisol Test' }).click();
  await expect(page).toHaveURL(/\/checkout-payment$/);
  await expect(page.getByRole('main')).toContainText('Cortisol Test');
  // the guarantee's credit pays for it
  await expect(page.getByRole('main')).toContainText('Store credit');

  // without the page's script, the browser sends the form and follows the action to checkout
  const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const plain = await noScript.newPage();
  await plain.goto('/account/program');
  await plain.getByRole('button', { name: 'Add to cart: Cortisol Test' }).click();
  await expect(plain).toHaveURL(/\/checkout-payment$/);
  await expect(plain.getByRole('main')).toContainText('Cortisol Test');
  await noScript.close();

  // the member's e-mail says what went where, and nothing of the results
  const reader = await staffContext(browser, staff.operator);
  await expect
    .poll(
      async () => {
        const outbox = await ok(await reader.request.get(`/api/admin/outbox?to=${encodeURIComponent(email)}`));
        return (outbox.emails as { subject: string }[]).map((message) => message.subject);
      },
      { timeout: 30_000 },
    )
    .toContain('Your Improvement Program guarantee');
  const outbox = await ok(await reader.request.get(`/api/admin/outbox?to=${encodeURIComponent(email)}`));
  const mail = (outbox.emails as { subject: string; text: string }[]).find(
    (message) => message.subject === 'Your Improvement Program guarantee',
  )!;
  expect(mail.text).toContain('We have added $79.95 of store credit to your account.');
  expect(mail.text).not.toMatch(/cortisol|retests/i);
  await reader.close();
});
