import { orderAwaitingApproval, staff, staffPage } from './console-journey';
import { expect, test } from './fixtures';

// The operator console's forms work before (or without) the page's script: the browser posts each
// to its page's action, and the page comes back with what was done, or with what to fix and what
// was typed. Each staff member here has a browser of their own with scripts off.
test.use({ javaScriptEnabled: false });

const withoutScript = { javaScriptEnabled: false };

test('without script, the team approves an order, ships its kit, records the sample and enters the results', async ({ page, browser }) => {
  const order = await orderAwaitingApproval(page.request);
  const orderPage = `/admin/orders/${order.id}`;

  const clinician = await staffPage(browser, staff.clinician, orderPage, withoutScript);
  await expect(clinician.page.getByRole('heading', { name: `Order #${order.number}` })).toBeVisible();
  await clinician.page.getByLabel('Reason (approve, optional)').fill('Profile read');
  await clinician.page.getByRole('button', { name: 'Approve' }).click();
  await expect(clinician.page.getByRole('status')).toHaveText('Approve: done.');
  await expect(clinician.page.getByText('Preparing your kit')).toBeVisible();
  await clinician.context.close();

  const { context, page: operator } = await staffPage(browser, staff.operator, orderPage, withoutScript);
  const tracking = operator.getByLabel('Tracking number for the Daily rhythm saliva kit');
  const ship = operator.getByRole('button', { name: 'Ship the Daily rhythm saliva kit' });
  // long enough for the browser, blank for the shop
  await tracking.fill('    ');
  await ship.click();
  await expect(operator.getByText('Please enter the tracking number.')).toBeVisible();
  await expect(tracking).toHaveValue('    ');
  await tracking.fill('1Z999AA10123456784');
  await ship.click();
  await expect(operator.getByRole('status')).toHaveText('Daily rhythm saliva kit shipped.');
  await expect(operator.getByRole('cell', { name: '1Z999AA10123456784' })).toBeVisible();
  const code = (await operator.locator('td.font-mono').first().textContent())!.trim();

  // the customer registers the kit with the code printed on it
  const registered = await page.request.post(`/api/orders/${order.id}/kits/register`, { data: { code } });
  expect(registered.status(), await registered.text()).toBeLessThan(300);

  // a new visit, not a reload: a reload would send the last form again
  await operator.goto(orderPage);
  await operator.getByRole('button', { name: 'Sample received: Daily rhythm saliva kit' }).click();
  await expect(operator.getByRole('status')).toHaveText('Sample of the Daily rhythm saliva kit recorded.');

  await operator.getByRole('link', { name: 'Enter results for the Daily rhythm saliva kit' }).click();
  await expect(operator.getByRole('heading', { name: 'Enter results: Daily rhythm saliva kit' })).toBeVisible();
  const cortisol = operator.getByRole('group', { name: 'Cortisol' }).getByLabel('Value');
  // the order bought the Cortisol Test: the kit's melatonin is not asked for
  await expect(operator.getByRole('group', { name: 'Melatonin' })).toHaveCount(0);
  await cortisol.fill('140');
  await operator.getByRole('button', { name: 'Save the results' }).click();
  await expect(operator.getByRole('alert')).toContainText('Cortisol: 140 ng/mL is not a plausible result');
  await expect(cortisol).toHaveValue('140');
  await cortisol.fill('1.4');
  await operator.getByRole('button', { name: 'Save the results' }).click();
  await expect(operator.getByRole('status')).toHaveText(`Results saved. Order #${order.number} is now results ready.`);

  await operator.goto(orderPage);
  await expect(operator.getByText('Results ready').first()).toBeVisible();
  await context.close();
});

test('without script, an operator creates a coupon, told first what to fix', async ({ browser }) => {
  const { context, page } = await staffPage(browser, staff.operator, '/admin/coupons', withoutScript);
  const code = `NOSCRIPT${Date.now().toString(36).toUpperCase()}`;
  let form = page.getByRole('form', { name: 'New coupon' });
  await form.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
  await form.getByRole('radio', { name: 'Fixed amount' }).check();
  // the value's label follows the kind checked, without script too
  await form.getByLabel('Amount off in dollars').fill('ten');
  await form.getByRole('button', { name: 'Create coupon' }).click();

  form = page.getByRole('form', { name: 'New coupon' });
  await expect(form.getByText('The discount is a whole number: a percent, or cents.')).toBeVisible();
  await expect(form.getByLabel('Code', { exact: true })).toHaveValue(code.toLowerCase());
  await expect(form.getByRole('radio', { name: 'Fixed amount' })).toBeChecked();
  await expect(form.getByLabel('Amount off in dollars')).toHaveValue('ten');

  await form.getByLabel('Amount off in dollars').fill('12.50');
  await form.getByRole('button', { name: 'Create coupon' }).click();
  form = page.getByRole('form', { name: 'New coupon' });
  await expect(form.getByRole('status')).toHaveText(`Coupon ${code} created: $12.50 off.`);
  // the page came back with an empty form, and the coupon in the list
  await expect(form.getByLabel('Code', { exact: true })).toHaveValue('');
  await expect(form.getByLabel('Percent off (1–100)')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: code })).toContainText('$12.50 off');

  // a code once only
  await form.getByLabel('Code', { exact: true }).fill(code);
  await form.getByLabel('Percent off (1–100)').fill('10');
  await form.getByRole('button', { name: 'Create coupon' }).click();
  await expect(page.getByRole('form', { name: 'New coupon' }).getByRole('alert')).toHaveText(
    `A coupon with the code ${code} already exists.`,
  );
  await context.close();
});

test('without script, the subscriptions console takes a delivery’s shipment and shows the shop’s answer', async ({ browser }) => {
  // A delivery waits to ship once the job queue has charged it on its day, a month after the
  // subscription was bought: no browser test can wait for one. The form the page shows for it
  // (checked as the server renders it in routes/console/subscriptions.test.tsx) is sent here as the
  // browser sends it, for a delivery the shop does not have; the shipment itself is tested on the
  // page's action (subscriptions.server.test.ts) and on the API.
  const { context, page } = await staffPage(browser, staff.operator, '/admin/subscriptions', withoutScript);
  await expect(page.getByRole('heading', { name: 'Test subscriptions' })).toBeVisible();
  await page.setContent(
    `<form method="post" action="/admin/subscriptions">
      <input type="hidden" name="deliveryId" value="${crypto.randomUUID()}">
      <label>Tracking number <input name="trackingNumber"></label>
      <button type="submit">Mark shipped</button>
    </form>`,
  );
  await page.getByLabel('Tracking number').fill('1Z999AA10123456784');
  const answered = page.waitForResponse((response) => response.request().isNavigationRequest());
  await page.getByRole('button', { name: 'Mark shipped' }).click();
  expect((await answered).request().method()).toBe('POST');
  await expect(page.getByRole('heading', { name: 'Test subscriptions' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('We could not find this delivery.');
  await context.close();
});
