import { orderAwaitingApproval, staff, staffPage } from './console-journey';
import { expect, test } from './fixtures';
import { expectAccessible, ok } from './journey';

test('the team approves and ships an order, and the customer registers the kit', async ({ page, browser }) => {
  const order = await orderAwaitingApproval(page.request);

  // an operator records the clinician's Texas licence (renewing the one a start outside production gives them)
  const operator = await staffPage(browser, staff.operator, '/admin/clinicians');
  const licence = operator.page.getByRole('form', { name: 'Add or renew a licence of Clinician' });
  await licence.getByLabel('State').selectOption('TX');
  await licence.getByLabel('Licence number').fill('TX-E2E-1');
  await licence.getByLabel('Valid through').fill('2031-12-31');
  await licence.getByRole('button', { name: 'Save licence' }).click();
  await expect(operator.page.getByText('Licence TX-E2E-1 (TX) saved, valid through 2031-12-31.')).toBeVisible();

  // a clinician finds the order waiting for them, and in the console's search, and approves it under that licence
  const clinician = await staffPage(browser, staff.clinician, '/admin/approvals');
  await expect(
    clinician.page.getByRole('region', { name: /Yours to approve/ }).getByRole('link', { name: `#${order.number}` }),
  ).toBeVisible();
  await clinician.page.getByRole('link', { name: 'Orders', exact: true }).click();
  await clinician.page.getByLabel('Order number or e-mail').fill(String(order.number));
  await clinician.page.getByRole('button', { name: 'Search' }).click();
  await clinician.page.getByRole('link', { name: `#${order.number}` }).click();
  await expect(clinician.page.getByRole('heading', { name: `Order #${order.number}` })).toBeVisible();
  await expect(clinician.page.getByText('You approve as its physician of record, under your Texas licence TX-E2E-1.')).toBeVisible();
  await clinician.page.getByRole('button', { name: 'Approve' }).click();
  await expect(clinician.page.getByText('Approve: done.')).toBeVisible();
  await expect(clinician.page.getByText('Preparing your kit')).toBeVisible();
  await expect(clinician.page.getByRole('region', { name: 'Physician of record' })).toContainText('Texas licence TX-E2E-1');
  await clinician.context.close();

  // the operator ships the kit with its tracking number
  await operator.page.goto(`/admin/orders/${order.id}`);
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
  await expect(page.getByText('Your tests are ordered by Clinician, the physician of record for this order')).toContainText(
    'Texas licence TX-E2E-1',
  );
  // the progress: done up to the shipping, each on its day; the kit's arrival expected 2 to 5 business days later
  const progress = page.getByRole('region', { name: 'Order progress' }).getByRole('listitem');
  await expect(progress).toHaveText([
    /Paid: Done/,
    /Home kit chosen: Done/,
    /Medical profile: Done/,
    /Clinician approval: Done/,
    /Kit shipped: Done/,
    /Sample at the lab: Under way/,
    /Results: To come/,
  ]);
  const expected = (from: number, to: number) => {
    const business = (days: number) => {
      const date = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()));
      for (let left = days; left > 0;) {
        date.setUTCDate(date.getUTCDate() + 1);
        if (date.getUTCDay() !== 0 && date.getUTCDay() !== 6) left -= 1;
      }
      return new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(date);
    };
    return `Your kit arrives ${business(from)} – ${business(to)}`;
  };
  await expect(page.locator('li[aria-current="step"]')).toContainText(expected(2, 5));
  await page.getByLabel('Kit code').fill('ZZZZ-9999');
  await page.getByRole('button', { name: 'Register my kit' }).click();
  await expect(page.getByRole('alert')).toContainText('This code does not match a kit of this order.');
  await page.getByLabel('Kit code').fill(code);
  await page.getByRole('button', { name: 'Register my kit' }).click();
  await expect(page.getByText('Your kit is registered.')).toBeVisible();
  await expect(page.getByText(/Registered on/)).toBeVisible();
  await expectAccessible(page);
});

test('an operator sees the job queues, retries a failed job and sets another aside', async ({ page, browser }) => {
  const suffix = Array.from(crypto.getRandomValues(new Uint8Array(6)), (byte) => String.fromCharCode(97 + (byte % 26))).join('');
  const retried = `console.retry-${suffix}`;
  const discarded = `console.discard-${suffix}`;
  for (const name of [retried, discarded]) {
    await ok(await page.request.post('/api/test-clock/jobs/failed', { data: { name, error: `${name} met: connection refused` } }));
  }
  const operator = await staffPage(browser, staff.operator, '/admin/jobs');
  const jobsPage = operator.page;
  await expect(jobsPage.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
  const queues = jobsPage.getByRole('table', { name: 'Each queue with work not done' });
  await expect(
    queues
      .getByRole('row', { name: new RegExp(retried) })
      .getByRole('cell')
      .nth(6),
  ).toHaveText('1');
  const attention = jobsPage.getByRole('table', { name: 'Failed and stuck jobs, newest first' });
  await expect(attention.getByRole('row', { name: new RegExp(retried) })).toContainText(`${retried} met: connection refused`);
  // the charges every automatic try missed, each with its retry (their listing and retry: charge-retries.integration.test.ts)
  await expect(jobsPage.getByRole('heading', { level: 2, name: 'Charges not taken' })).toBeVisible();
  await expect(jobsPage.getByRole('table', { name: 'Unbilled programs' })).toBeVisible();
  await expect(jobsPage.getByRole('table', { name: 'Failed renewals' })).toBeVisible();
  await expectAccessible(jobsPage);

  await jobsPage.getByRole('button', { name: `Retry the ${retried} job` }).click();
  await expect(jobsPage.getByText(`The ${retried} job is queued again for one more attempt.`)).toBeVisible();
  await expect(attention.getByRole('row', { name: new RegExp(retried) })).toHaveCount(0);
  // queued again: one queued, none failed
  await expect(
    queues
      .getByRole('row', { name: new RegExp(retried) })
      .getByRole('cell')
      .nth(1),
  ).toHaveText('1');
  await expect(
    queues
      .getByRole('row', { name: new RegExp(retried) })
      .getByRole('cell')
      .nth(6),
  ).toHaveText('0');

  await jobsPage.getByRole('button', { name: `Discard the ${discarded} job` }).click();
  await expect(jobsPage.getByText(`The ${discarded} job is set aside.`)).toBeVisible();
  await expect(attention.getByRole('row', { name: new RegExp(discarded) })).toHaveCount(0);
  await operator.context.close();
});
