import { expect, test } from './fixtures';
import { buyDeliveredGift } from './gift-journey';
import { expectAccessible, uniqueEmail } from './journey';

test('a recipient opens the link of their gift, signs up, chooses a test and where to ship it, and lands on their order', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const gift = await buyDeliveredGift(browser, { purchaserName: 'Dana Wu', message: 'Happy birthday, Sam!' });
  await page.goto(`/checkout-gift-receiver?code=${gift.shownCode}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Redeem your gift' })).toBeVisible();
  // the link's code is checked as the page opens: who gave it (a first name) and their message
  await expect(page.getByText('A gift from Dana: Starter test')).toBeVisible();
  await expect(page.getByText('Happy birthday, Sam!')).toBeVisible();

  const form = page.getByRole('form', { name: 'Redeem your gift' });
  await form.getByLabel('Email', { exact: true }).fill(uniqueEmail('recipient'));
  await form.getByLabel('Password').fill('Sup3r-secret!');
  await form.getByLabel('Date of birth').fill('1990-04-12');
  await form.getByRole('radio', { name: /At-home Delivery/ }).check();
  await form.getByRole('radio', { name: /Sleep: Melatonin Test/ }).check();
  await form.getByLabel('Full name').fill('Sam Lee');
  await form.getByLabel('Email for delivery updates').fill('sam.lee@example.com');
  await form.getByLabel('Shipping address').fill('12 Elm Street');
  await form.getByLabel('City').fill('Austin');
  await form.getByLabel('Zip code').fill('787');
  await form.getByRole('button', { name: 'Redeem my gift' }).click();
  // the gift shipping form's own words (§5), before anything is sent
  await expect(form.getByText('Please enter a valid zip code')).toBeVisible();
  await expectAccessible(page);

  await form.getByLabel('Zip code').fill('78701');
  await form.getByRole('button', { name: 'Redeem my gift' }).click();
  // a gift is a test: the lab releases its results to the shop only with the recipient's authorization
  await expect(form.getByText('Please authorize the lab to release your results to Base')).toBeVisible();
  await form.getByRole('checkbox', { name: /I authorize the partner laboratory/ }).check();
  await form.getByRole('button', { name: 'Redeem my gift' }).click();
  await expect(page).toHaveURL(/\/account\/orders\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Order #\d+$/ })).toBeVisible();
  await expect(page.getByText('A gift from Dana: your starter test, with nothing to pay.')).toBeVisible();
  // the next step of the lifecycle: the kit ships home once the medical profile is in and approved
  const next = page.getByRole('region', { name: 'What happens next' });
  await expect(next).toContainText('Fill in your medical profile');
  await expect(next.getByRole('link', { name: 'Fill in my medical profile' })).toHaveAttribute('href', '/account/profile');
  const items = page.getByRole('region', { name: 'Your order' });
  await expect(items).toContainText('Melatonin Test (gift)');
  await expect(items).toContainText('Total $0.00');
  await expect(items).toContainText('At-home Delivery');
  // a one-off gift's recipient is offered the program later
  const offer = page.getByRole('region', { name: 'Add the Improvement Program' });
  await expect(offer.getByRole('button', { name: 'Add the program for $180.00' })).toBeVisible();
  await expectAccessible(page);

  // the account lists the order, and the store credit the recipient has (none yet)
  await page.getByRole('link', { name: '← My account' }).click();
  await expect(page.getByRole('region', { name: 'Store credit' })).toContainText('$0.00');
  await expect(page.getByRole('link', { name: /^Order #\d+$/ })).toHaveCount(1);

  // the code is spent: opening the link again says so
  await page.goto(`/checkout-gift-receiver?code=${gift.shownCode.replaceAll('-', '').toLowerCase()}`);
  await expect(page.getByText('This gift has already been redeemed.')).toBeVisible();
});

test('a wrong code, and what is not a code at all, are refused with a message', async ({ page }) => {
  await page.goto('/checkout-gift-receiver?code=0000-0000-0000-0000');
  await expect(page.getByText('We could not find a gift with this code. Please check the code in your e-mail.')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Redeem your gift' })).toHaveCount(0);
  const code = page.getByRole('form', { name: 'Gift code' });
  await code.getByLabel('Gift code').fill('ABCD-1234');
  await code.getByRole('button', { name: 'Check code' }).click();
  await expect(
    code.getByText('This is not a gift code. Please check the code in your e-mail: it has 16 letters and digits.'),
  ).toBeVisible();
  await expectAccessible(page);
});
