import { staff, staffPage } from './console-journey';
import { expect, test, type APIRequestContext, type Browser, type Page } from './fixtures';
import { expectAccessible, ok, uniqueEmail } from './journey';
import { memberWithActiveProgram, staffContext } from './program-journey';

// The Improvement Program's two retests: a member's active program reaches week 4 (the test
// clock stands in for the hourly job's weeks), its retest is a $0 order of the same kit that the
// team ships from the console, the member registers and the lab's results are entered for; the
// program page puts it beside the starter test with the change. Week 8's retest goes the same
// way (through the API, for speed), and its results complete the program.

const DAY = 86_400_000;

/** Moves the member's own program to `days` after today, as the hourly job would find it then. */
async function clockTo(request: APIRequestContext, days: number) {
  return ok(await request.post('/api/test-clock/program/retests', { data: { at: new Date(Date.now() + days * DAY).toISOString() } }));
}

/** A retest's kit through the team's API: shipped, registered by the member, sample received, results entered. */
async function retestThroughApi(request: APIRequestContext, browser: Browser, orderId: string, cortisol: number) {
  const operator = await staffContext(browser, staff.operator);
  const shipped = await ok(
    await operator.request.post(`/api/admin/orders/${orderId}/kits/daily-rhythm-saliva/ship`, {
      data: { trackingNumber: '9400100000000000000000' },
    }),
  );
  const code = (shipped.kits as { code: string | null }[]).find((kit) => kit.code)!.code!;
  await ok(await request.post(`/api/orders/${orderId}/kits/register`, { data: { code } }));
  await ok(await operator.request.post(`/api/admin/orders/${orderId}/kits/daily-rhythm-saliva/sample-received`, { data: {} }));
  await ok(
    await operator.request.post(`/api/admin/orders/${orderId}/results/daily-rhythm-saliva`, {
      data: {
        results: [{ biomarker: 'cortisol', value: cortisol, unit: 'ng/mL' }],
      },
    }),
  );
  await operator.close();
}

async function retestOrderLink(page: Page, sequence: number) {
  return page.getByRole('region', { name: 'Your program’s steps' }).getByRole('link', { name: new RegExp(`Retest ${sequence}, week`) });
}

test('a member’s program retests: made in week 4 and week 8, shipped, registered, compared with the starter test, then completed', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('retests');
  await memberWithActiveProgram(page.request, browser, email);

  // before week 4 the steps say what comes, and nothing is compared yet
  await page.goto('/account/program');
  const steps = page.getByRole('region', { name: 'Your program’s steps' });
  await expect(steps.locator('[aria-current="step"]')).toContainText('Retest 1, week 4');
  await expect(steps.locator('[aria-current="step"]')).toContainText('Coming up');
  await expect(page.getByRole('region', { name: 'How your results changed' })).toContainText('When your first retest’s results are in');

  // week 4: the retest is made, once, however often the job runs
  expect((await clockTo(page.request, 21)).created).toBe(1);
  expect((await clockTo(page.request, 22)).created).toBe(0);
  await page.reload();
  await expect(steps.locator('[aria-current="step"]')).toContainText('Retest 1, week 4');
  await expect(steps.locator('[aria-current="step"]')).toContainText('Preparing your kit');
  await expectAccessible(page);
  const retestUrl = await (await retestOrderLink(page, 1)).getAttribute('href');
  const retestId = retestUrl!.split('/').pop()!;

  // the team ships it from the console, as any kit
  const operator = await staffPage(browser, staff.operator, `/admin/orders/${retestId}`);
  await operator.page.getByLabel('Tracking number for the Daily rhythm saliva kit').fill('1Z999AA10123456784');
  await operator.page.getByRole('button', { name: 'Ship the Daily rhythm saliva kit' }).click();
  await expect(operator.page.getByText('Daily rhythm saliva kit shipped.')).toBeVisible();
  const code = (await operator.page.locator('td.font-mono').first().textContent())!.trim();

  // the member follows the link to the retest's order and registers the kit
  await (await retestOrderLink(page, 1)).click();
  await expect(page).toHaveURL(retestUrl!);
  await expect(page.getByText(/Shipped on .*, tracking number 1Z999AA10123456784/)).toBeVisible();
  await page.getByLabel('Kit code').fill(code);
  await page.getByRole('button', { name: 'Register my kit' }).click();
  await expect(page.getByText('Your kit is registered.')).toBeVisible();

  // the lab has the sample; the team enters the results
  await operator.page.reload();
  await operator.page.getByRole('button', { name: 'Sample received: Daily rhythm saliva kit' }).click();
  await expect(operator.page.getByText('Sample of the Daily rhythm saliva kit recorded.')).toBeVisible();
  await operator.page.reload();
  await operator.page.getByRole('link', { name: 'Enter results for the Daily rhythm saliva kit' }).click();
  await operator.page.getByRole('group', { name: 'Cortisol' }).getByLabel('Value').fill('0.9');
  await operator.page.getByRole('button', { name: 'Save the results' }).click();
  await expect(operator.page.getByRole('status')).toContainText('results ready');
  await operator.context.close();

  // the program page puts the retest beside the starter test, with the change
  await page.goto('/account/program');
  await expect(steps.getByRole('listitem').filter({ hasText: 'Retest 1, week 4' })).toContainText('Done');
  await expect(steps.locator('[aria-current="step"]')).toContainText('Retest 2, week 8');
  const comparison = page.getByRole('region', { name: 'How your results changed' });
  const cortisol = comparison.getByRole('region', { name: 'Cortisol' });
  const table = cortisol.getByRole('table', { name: 'Cortisol: your starter test and retests' });
  await expect(table.getByRole('row', { name: /Starter test/ })).toContainText('1.4 ng/mL');
  await expect(table.getByRole('row', { name: /Starter test/ })).toContainText('High');
  await expect(table.getByRole('row', { name: /Retest 1/ })).toContainText('0.9 ng/mL');
  await expect(table.getByRole('row', { name: /Retest 1/ })).toContainText('0.4 – 1.0 ng/mL');
  await expect(table.getByRole('row', { name: /Retest 1/ })).toContainText('Normal');
  await expect(table.getByRole('row', { name: /Retest 1/ })).toContainText('Down 0.5 ng/mL');
  await expectAccessible(page);

  // week 8: the second retest, through the API; its results complete the program
  expect((await clockTo(page.request, 49)).created).toBe(1);
  await page.reload();
  const secondUrl = await (await retestOrderLink(page, 2)).getAttribute('href');
  await retestThroughApi(page.request, browser, secondUrl!.split('/').pop()!, 0.7);
  await page.reload();
  await expect(steps.getByRole('listitem').filter({ hasText: 'Program complete' })).toContainText('Done');
  await expect(table.getByRole('row', { name: /Retest 2/ })).toContainText('Down 0.7 ng/mL');
  await expectAccessible(page);

  // the e-mails of each step, read as the team reads the outbox: no results in them
  const team = await staffContext(browser, staff.operator);
  await expect
    .poll(
      async () => {
        const outbox = await ok(await team.request.get(`/api/admin/outbox?to=${encodeURIComponent(email)}`));
        return (outbox.emails as { subject: string }[]).map((message) => message.subject);
      },
      { timeout: 30_000 },
    )
    .toEqual(
      expect.arrayContaining([
        'Your program retest 1 is on its way',
        'Your program retest 2 is on its way',
        'Your Improvement Program is complete',
      ]),
    );
  const outbox = await ok(await team.request.get(`/api/admin/outbox?to=${encodeURIComponent(email)}`));
  for (const message of (outbox.emails as { subject: string; text: string }[]).filter((mail) => /retest|complete/.test(mail.subject))) {
    expect(message.text).not.toMatch(/cortisol|ng\/mL/i);
  }
  await team.close();
});
