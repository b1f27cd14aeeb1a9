import { staff } from './console-journey';
import { expect, test } from './fixtures';
import { expectAccessible, ok, uniqueEmail } from './journey';
import { memberWithActiveProgram, staffContext } from './program-journey';

// The Improvement Program on the web: a member whose starter test found their cortisol above
// range opens their program, reads the plan's reason for it, books the coaching session it
// includes, opens week 1's shopping list and e-mails it to themselves (with the page's script, and
// without it).

test('a member opens their Improvement Program, reads why, and prints and e-mails a week’s shopping list', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('program');
  await memberWithActiveProgram(page.request, browser, email);

  // the account links to the program while it runs
  await page.goto('/account');
  await page.getByRole('link', { name: 'Open your Improvement Program' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Improvement Program' })).toBeVisible();
  await expect(page.getByText(/^Week 1 of 8\. Your program runs until \w+ \d{1,2}, \d{4}\.$/)).toBeVisible();

  // the plan says why: the result outside its range, and each food with its reason
  const reasons = page.getByRole('region', { name: 'What your results say' });
  await expect(reasons).toContainText('Cortisol: 1.4 ng/mL');
  await expect(reasons).toContainText('Your cortisol was above range: cortisol is your main stress hormone');
  const favour = page.getByRole('region', { name: 'Foods to favour' });
  await expect(favour.getByRole('listitem').filter({ hasText: /^Oats/ })).toContainText('Why: Your cortisol was above range');
  await expect(page.getByRole('region', { name: 'Foods to limit' })).toContainText('Why: Your cortisol was above range');
  await expect(page.getByRole('region', { name: 'Habits' })).toContainText('Your goal: Anxiety & Depression');

  // the timeline marks this week; the coaching session is one link away
  const timeline = page.getByRole('region', { name: 'Your program, week by week' });
  await expect(timeline.getByRole('listitem')).toHaveCount(8);
  await expect(timeline.locator('[aria-current="step"]')).toContainText('Week 1');
  await expect(timeline.locator('[aria-current="step"]')).toContainText('This week');
  await expect(page.getByRole('link', { name: 'Book your coaching session' })).toHaveAttribute('href', '/account/coaching');
  await expectAccessible(page);

  // the session the program includes: a coach's published time, booked from the program's link
  const coach = await staffContext(browser, staff.coach);
  const start = new Date(Date.now() + 6 * 86_400_000);
  start.setUTCHours(19, 0, 0, 0);
  const slot = await ok(await coach.request.post('/api/admin/coaching/slots', { data: { startsAt: start.toISOString(), minutes: 30 } }));
  await coach.close();
  await page.getByRole('link', { name: 'Book your coaching session' }).click();
  await expect(page.getByRole('heading', { name: 'Health coach sessions' })).toBeVisible();
  await expect(page.getByText('1 session left to book')).toBeVisible();
  const when = String(slot.when).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await page.getByRole('button', { name: new RegExp(`^Book ${when}, 30 minutes with`) }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your session is booked for' })).toContainText(String(slot.when));
  await expect(page.getByText('0 sessions left to book')).toBeVisible();
  await page.goto('/account/program');

  // booked, the program shows the session (in Eastern time) instead of asking to book it again
  const coaching = page.getByRole('region', { name: 'Health coaching' });
  await expect(coaching).toContainText(`Your session is booked for ${String(slot.when)}, 30 minutes with`);
  expect(String(slot.when)).toMatch(/ ET$/);
  await expect(page.getByRole('link', { name: 'Book your coaching session' })).toHaveCount(0);
  await expect(coaching.getByRole('link', { name: 'See or change your session' })).toHaveAttribute('href', '/account/coaching');

  // week 1's list: printable, and e-mailed to the member
  await timeline.getByRole('link', { name: 'Week 1 Shopping list' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Week 1 shopping list' })).toBeVisible();
  const firstFood = (await page.getByRole('main').getByRole('listitem').first().textContent())!.trim();
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'E-mail me this list' })).toBeHidden();
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByText(firstFood, { exact: true })).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
  await expectAccessible(page);

  await page.getByRole('button', { name: 'E-mail me this list' }).click();
  await expect(page.getByText(`We e-mailed your week 1 shopping list to ${email}.`)).toBeVisible();

  // without the page's script, the form is sent by the browser and the page comes back with the answer
  const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const plain = await noScript.newPage();
  await plain.goto('/account/program/shopping-list/2');
  await expect(plain.getByText('To print this list, use your browser’s Print command.')).toBeVisible();
  await plain.getByRole('button', { name: 'E-mail me this list' }).click();
  await expect(plain.getByText(`We e-mailed your week 2 shopping list to ${email}.`)).toBeVisible();
  await noScript.close();

  // the e-mails, read as the team reads the outbox: the foods, never the results
  const operator = await staffContext(browser, staff.operator);
  await expect
    .poll(
      async () => {
        const outbox = await ok(await operator.request.get(`/api/admin/outbox?to=${encodeURIComponent(email)}`));
        return (outbox.emails as { subject: string }[]).map((message) => message.subject);
      },
      { timeout: 30_000 },
    )
    .toEqual(expect.arrayContaining(['Your week 1 shopping list', 'Your week 2 shopping list']));
  const outbox = await ok(await operator.request.get(`/api/admin/outbox?to=${encodeURIComponent(email)}`));
  const weekOne = (outbox.emails as { subject: string; text: string }[]).find(
    (message) => message.subject === 'Your week 1 shopping list',
  )!;
  expect(weekOne.text).toContain(`- ${firstFood}`);
  expect(weekOne.text).not.toMatch(/cortisol|1\.4 ng/i);
  await operator.close();
});
