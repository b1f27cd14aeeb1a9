import { expect, test } from './fixtures';
import { staff, staffPage } from './console-journey';
import { expectAccessible, fillAccount, ok, pay, uniqueEmail } from './journey';

let consoleErrors: string[] = [];
test.beforeEach(({ page }) => {
  consoleErrors = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) consoleErrors.push(message.text());
  });
});
test.afterEach(() => {
  expect(consoleErrors).toEqual([]);
});

/** A day some days ahead, as the console's date field takes it: the Eastern calendar's. */
function easternDayAhead(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date(Date.now() + days * 86_400_000));
}

test('a coach publishes slots; a member buys a session, books one from the order’s next step and reschedules it', async ({
  page,
  browser,
}) => {
  // a long journey of several people: more time than a page test on a busy machine
  test.slow();
  // the coach publishes two times, three days ahead
  const day = easternDayAhead(3);
  const coach = await staffPage(browser, staff.coach, '/admin/coaching');
  const console = coach.page;
  await expect(console.getByRole('heading', { name: 'Coaching' })).toBeVisible();
  await expect(console.getByRole('navigation', { name: 'Console' }).getByRole('link')).toHaveText(['Coaching', 'Lab reviews']);
  for (const time of ['10:00', '11:00']) {
    await console.getByLabel('Date').fill(day);
    await console.getByLabel('Start time (ET)').fill(time);
    await console.getByLabel('Length').selectOption('30');
    await console.getByRole('button', { name: 'Publish slot' }).click();
    await expect(console.getByRole('status').filter({ hasText: 'Slot published' })).toContainText(
      `${Number(time.slice(0, 2))}:00 AM ET, 30 minutes`,
    );
  }
  // one over another of the coach's is refused, with the reason
  await console.getByLabel('Date').fill(day);
  await console.getByLabel('Start time (ET)').fill('10:15');
  await console.getByRole('button', { name: 'Publish slot' }).click();
  await expect(console.getByRole('alert')).toHaveText('You already have a slot at this time.');
  await expect(console.getByRole('row').filter({ hasText: /10:00 AM ET/ })).toContainText('Open');
  await expectAccessible(console);

  // a member buys the consultation alone
  await page.goto('/add-ons-page');
  await page.getByRole('button', { name: 'Add Health coach consultation to cart' }).click();
  const cart = page.getByRole('dialog', { name: 'Your cart' });
  await expect(cart.getByRole('list', { name: 'Items in your cart' })).toContainText('Health coach consultation');
  await cart.getByRole('link', { name: 'Checkout' }).click();
  const email = uniqueEmail('coached');
  await fillAccount(page, email);
  await pay(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();

  // the order's next step leads to the booking page
  await page.getByRole('link', { name: 'See your order' }).click();
  const next = page.getByRole('region', { name: 'What happens next' });
  await expect(next).toContainText('Next, you book your one-to-one session with a health coach.');
  await next.getByRole('link', { name: 'Book your session' }).click();
  await expect(page).toHaveURL(/\/account\/coaching$/);
  await expect(page.getByRole('heading', { name: 'Health coach sessions' })).toBeVisible();
  await expect(page.getByText('1 session left to book')).toBeVisible();
  await expect(page.getByText('No session booked yet.')).toBeVisible();
  await expectAccessible(page);

  // books the 10:00 slot
  await page.getByRole('button', { name: /^Book .*, 10:00 AM ET, 30 minutes with/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your session is booked for' })).toContainText('10:00 AM ET');
  await expect(page.getByText('0 sessions left to book')).toBeVisible();
  const booked = page.getByRole('region', { name: 'Booked sessions' }).getByRole('article');
  await expect(booked).toHaveCount(1);
  await expect(booked).toContainText('10:00 AM ET');
  await expect(page.getByRole('button', { name: /^Book .*10:00 AM ET/ })).toHaveCount(0);
  // the session's room: a link of its own on the shop's domain (the embedded video port)
  const join = booked.getByRole('link', { name: /^Join the session of .*10:00 AM ET$/ });
  const room = (await join.getAttribute('href'))!;
  expect(room).toMatch(/\/meet\/[A-Za-z0-9_-]{22}$/);

  // reschedules it to 11:00
  await booked.getByRole('link', { name: /^Reschedule the session of/ }).click();
  await expect(page.getByRole('heading', { name: /^Choose a new time for your session of .*10:00 AM ET$/ })).toBeVisible();
  await page.getByRole('button', { name: /^Move to .*, 11:00 AM ET, 30 minutes with/ }).click();
  await expect(page).toHaveURL(/\/account\/coaching$/);
  await expect(page.getByRole('status').filter({ hasText: 'Your session is moved to' })).toContainText('11:00 AM ET');
  await expect(booked).toHaveCount(1);
  await expect(booked).toContainText('11:00 AM ET');
  // the room stays the session's when it moves
  await expect(booked.getByRole('link', { name: /^Join the session of .*11:00 AM ET$/ })).toHaveAttribute('href', room);
  // the time left behind is open again
  await expect(page.getByRole('button', { name: /^Book .*10:00 AM ET/ })).toBeVisible();
  await expectAccessible(page);

  // the coach sees who booked: a name and an address
  await console.reload();
  await expect(console.getByRole('row').filter({ hasText: /11:00 AM ET/ })).toContainText(email);
  await expect(console.getByRole('row').filter({ hasText: /10:00 AM ET/ })).toContainText('Open');
  await coach.context.close();

  // the e-mails name the room, and so does the calendar invitation; the room says with whom and when
  const operator = await staffPage(browser, staff.operator, '/admin/outbox');
  // sent by the worker in the background: read until both are there
  await expect(async () => {
    const outbox = await ok(await operator.page.request.get(`/api/admin/outbox?to=${encodeURIComponent(email)}`));
    const emails = outbox.emails as { subject: string; text: string }[];
    const bookedEmail = emails.find((message) => message.subject.startsWith('Your health coach session: '));
    const movedEmail = emails.find((message) => message.subject.startsWith('Your health coach session is now '));
    expect(bookedEmail?.text).toContain(`Join your session by video at ${room}`);
    expect(movedEmail?.text).toContain(`Join your session by video at ${room}`);
  }).toPass({ timeout: 15_000 });
  await operator.context.close();
  await page.goto(room);
  await expect(page.getByRole('heading', { level: 1, name: /^Your health coach session with / })).toBeVisible();
  await expect(page.getByText(/11:00 AM ET$/)).toBeVisible();
});
