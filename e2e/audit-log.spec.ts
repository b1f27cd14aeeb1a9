import { orderAwaitingApproval, orderWithResults, staff, staffPage } from './console-journey';
import { expect, test } from './fixtures';
import { ok, uniqueEmail } from './journey';

// docs/decisions/0073-an-audit-log-nobody-can-rewrite.md: a staff read of a member's results is a
// line of the audit log, which an operator finds by the member's address at /admin/audit, and
// which the member reads on their account under "Who read your results".
test('a clinician’s read of a member’s results is on the member’s account and in the log an operator filters', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const email = uniqueEmail('audited');
  const order = await orderAwaitingApproval(page.request, email);
  const { operator } = await orderWithResults(page, browser, order.id);
  await operator.context.close();

  const clinician = await staffPage(browser, staff.clinician, `/admin/orders/${order.id}`);
  await ok(await clinician.page.request.get(`/api/orders/${order.id}/results`));
  await clinician.context.close();

  await page.goto('/account');
  const reads = page.getByRole('region', { name: 'Who read your results' });
  await expect(reads.getByRole('listitem').first()).toContainText('Clinician');
  // the member's own reads are not listed
  await ok(await page.request.get(`/api/orders/${order.id}/results`));
  await page.reload();
  await expect(reads.getByRole('listitem').filter({ hasText: /^Member/ })).toHaveCount(0);

  const log = await staffPage(browser, staff.operator, '/admin/audit');
  await expect(log.page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await log.page.getByLabel('Member e-mail or id').fill(email);
  await log.page.getByRole('button', { name: 'Filter' }).click();
  await expect(log.page).toHaveURL(/member=/);
  const lines = log.page.getByRole('table', { name: 'Audit log lines, newest first' });
  const read = lines.getByRole('row').filter({ hasText: 'results.read' }).filter({ hasText: '(clinician)' });
  await expect(read.first()).toContainText(email);
  // a filter that matches no one shows so
  await log.page.getByLabel('Member e-mail or id').fill(uniqueEmail('nobody'));
  await log.page.getByRole('button', { name: 'Filter' }).click();
  await expect(lines).toContainText('No lines match.');
  await log.context.close();
});
