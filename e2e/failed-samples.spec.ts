import { orderAwaitingApproval, staff, staffPage } from './console-journey';
import { expect, test } from './fixtures';
import { expectAccessible, ok, uniqueEmail } from './journey';
import { staffContext } from './program-journey';

// A sample the lab cannot test: the operator rejects it in the console with its reason, the shop
// makes a replacement kit at no charge (once per kit), and the member reads so on their order page
// and in their e-mail; a second failure is a clinician's task, ended with another kit. The order,
// up to each sample reaching the lab, is made through the API.

const KIT = 'daily-rhythm-saliva';

test('a rejected sample is replaced once, at no charge', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('rejected');
  const order = await orderAwaitingApproval(page.request, email);
  const clinician = await staffContext(browser, staff.clinician);
  await ok(await clinician.request.post(`/api/admin/orders/${order.id}/approve`, { data: {} }));
  await clinician.close();
  const team = await staffContext(browser, staff.operator);
  const shipped = await ok(
    await team.request.post(`/api/admin/orders/${order.id}/kits/${KIT}/ship`, { data: { trackingNumber: '1Z999AA10123456784' } }),
  );
  const code = (shipped.kits as { code: string }[])[0]!.code;
  await ok(await page.request.post(`/api/orders/${order.id}/kits/register`, { data: { code } }));
  await ok(await team.request.post(`/api/admin/orders/${order.id}/kits/${KIT}/sample-received`, { data: {} }));

  // the operator rejects the sample in the console, with the lab's reason
  const operator = await staffPage(browser, staff.operator, `/admin/orders/${order.id}`);
  await operator.page.getByLabel('Why the lab could not test the Daily rhythm saliva kit').selectOption('insufficient_sample');
  await operator.page.getByRole('button', { name: 'Reject the sample: Daily rhythm saliva kit' }).click();
  await expect(operator.page.getByText('Sample rejected: a replacement kit is made at no charge')).toBeVisible();
  // the replacement waits to be shipped like any kit, with a new code
  await expect(operator.page.getByLabel('Tracking number for the Daily rhythm saliva kit')).toBeVisible();
  await expect(operator.page.locator('td.font-mono').first()).not.toHaveText(code);

  // the member's order page says what happened and what comes, in words
  await page.goto(`/account/orders/${order.id}`);
  await expect(
    page.getByText(
      'The lab could not test your first sample: there was too little blood in the tube to test. A new kit is on its way at no charge',
    ),
  ).toBeVisible();
  await expect(page.getByText('We are preparing your kit.')).toBeVisible();
  await expectAccessible(page);

  // the replacement's sample fails too: no second free kit, a clinician takes it over
  const again = await ok(
    await team.request.post(`/api/admin/orders/${order.id}/kits/${KIT}/ship`, { data: { trackingNumber: '1Z999AA10123456785' } }),
  );
  await ok(
    await page.request.post(`/api/orders/${order.id}/kits/register`, { data: { code: (again.kits as { code: string }[])[0]!.code } }),
  );
  await ok(await team.request.post(`/api/admin/orders/${order.id}/kits/${KIT}/sample-received`, { data: {} }));
  await operator.page.reload();
  await operator.page.getByLabel('Why the lab could not test the Daily rhythm saliva kit').selectOption('haemolysed');
  await operator.page.getByRole('button', { name: 'Reject the sample: Daily rhythm saliva kit' }).click();
  await expect(operator.page.getByText('a clinician’s task is open')).toBeVisible();
  await page.reload();
  await expect(page.getByText(/A clinician will contact you about what to do next/)).toBeVisible();

  // the clinician's task, at the top of their console's kit tasks, ends with another kit
  const clinicianPage = await staffPage(browser, staff.clinician, '/admin/kit-tasks');
  const task = clinicianPage.page.getByRole('row').filter({ hasText: `#${order.number}` });
  await expect(task).toContainText('the blood cells broke down on the way');
  await clinicianPage.page.getByRole('button', { name: `Send another Daily rhythm saliva kit for order #${order.number}` }).click();
  await expect(clinicianPage.page.getByText('Another kit is made at no charge')).toBeVisible();
  await expect(task).toHaveCount(0);
  await expectAccessible(clinicianPage.page);
  await clinicianPage.context.close();

  // the e-mails, read from the outbox as the team reads it: the clinician's kit is told by a job
  // of the worker, a moment after the click
  const emailsTo = async () =>
    (await ok(await team.request.get(`/api/admin/outbox?to=${encodeURIComponent(email)}`))).emails as { subject: string; text: string }[];
  const newKit = <M extends { subject: string }>(messages: M[]) =>
    messages.filter((message) => message.subject === 'A new kit is on its way, at no charge');
  await expect.poll(async () => newKit(await emailsTo()).length, { timeout: 20_000 }).toBe(2);
  const emails = await emailsTo();
  const replaced = newKit(emails);
  // the free replacement once, then the kit the clinician decided on
  expect(replaced.filter((message) => message.text.includes('there was too little blood in the tube to test'))).toHaveLength(1);
  expect(replaced).toHaveLength(2);
  expect(emails.map((message) => message.subject)).toContain('A clinician will contact you about your sample');
  await team.close();
  await operator.context.close();
});
