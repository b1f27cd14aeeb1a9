import { expect, test } from './fixtures';
import { addStarterTestToCart, answerQuiz, expectAccessible, fillAccount, pay, uniqueEmail } from './journey';

// A member shares their link: the friend is told on arrival who sent them and what they get, and
// pays with it; the member's $50 gift card waits for the friend's refund window, then arrives once.
test('a member’s friend is told of the discount on landing and pays with it; the $50 comes only after the refund window', async ({
  browser,
  page,
}) => {
  // two people, a purchase and a clock: longer than a page test
  test.slow();
  const signedUp = await page.request.post('/api/checkout/account', {
    data: { email: uniqueEmail('referrer'), password: 'Member-passw0rd!' },
  });
  expect(signedUp.status(), await signedUp.text()).toBe(200);
  const { link } = (await (await page.request.get('/api/account/referral')).json()) as { link: string };

  const visiting = await browser.newContext();
  const friend = await visiting.newPage();
  const landing = new URL(link);
  await friend.goto(landing.pathname + landing.search);
  await expect(
    friend.getByRole('status').filter({ hasText: /sent you 20% off your first order: it is taken off in your cart\./ }),
  ).toBeVisible();
  await friend.goto('/quiz');
  await answerQuiz(friend, { choose: /anxiety/i });
  await expect(friend).toHaveURL(/\/quiz-results\?id=/);
  await addStarterTestToCart(friend);
  await expect(friend.getByRole('region', { name: 'Order summary' })).toContainText('−$15.99');
  await fillAccount(friend, uniqueEmail('referred-friend'));
  await pay(friend, '4242 4242 4242 4242');
  await expect(friend.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await expect(friend.getByText(/\$63\.96 paid/)).toBeVisible();
  await visiting.close();

  // the reward waits for the friend's refund window: nothing to spend yet
  await page.goto('/account');
  const referral = page.getByRole('region', { name: 'Refer a friend' });
  await expect(referral).toContainText('once their order has passed its 30-day refund window');
  await expect(referral).toContainText('1 friend has ordered: $0.00 earned, 1 reward waiting for the refund window.');
  await expect(page.getByRole('region', { name: 'Store credit' })).toContainText('$0.00');
  await expectAccessible(page);

  // 31 days later, by the tests' clock: the approval job gives the $50 gift card, once
  const later = new Date(Date.now() + 31 * 86_400_000).toISOString();
  expect(await (await page.request.post('/api/test-clock/rewards', { data: { at: later } })).json()).toEqual({ approved: 1, paid: 0 });
  expect(await (await page.request.post('/api/test-clock/rewards', { data: { at: later } })).json()).toEqual({ approved: 0, paid: 0 });
  await page.reload();
  await expect(referral).toContainText('1 friend has ordered: $50.00 earned.');
  await expect(page.getByRole('region', { name: 'Store credit' })).toContainText('$50.00');
});
