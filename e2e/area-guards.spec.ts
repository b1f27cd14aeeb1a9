import { expect, test } from './fixtures';
import { uniqueEmail } from './journey';

// Each area's layout guards every page under it (routes/account/area.tsx, routes/console/area.tsx).
const accountPages = [
  '/account',
  '/account/profile',
  '/account/password',
  '/account/daily',
  '/account/program',
  '/account/program/shopping-list/1',
  '/account/nutritional-plan',
  '/account/health',
  '/account/messages',
  '/account/messages/00000000-0000-4000-8000-000000000000',
  '/account/orders/00000000-0000-4000-8000-000000000000',
  // the employer portal, the affiliate's and the clinic's dashboards sign their visitors in the same way
  '/business/portal',
  '/affiliate/dashboard',
  '/providers/dashboard',
];
const consolePages = [
  '/admin',
  '/admin/customers',
  '/admin/leads',
  '/admin/coupons',
  '/admin/outbox',
  '/admin/subscriptions',
  '/admin/lab-reviews',
  '/admin/outside-reports',
  '/admin/messages',
  '/admin/messages/00000000-0000-4000-8000-000000000000',
  '/admin/team',
  '/admin/experiments',
  '/admin/client-errors',
  '/admin/employers',
  '/admin/affiliates',
  '/admin/payouts',
];

test('a visitor who is not signed in is sent to sign in from every page of the account and the console, and back afterwards', async ({
  page,
}) => {
  // a long journey of several people: more time than a page test on a busy machine
  test.slow();
  for (const path of [...accountPages, ...consolePages]) {
    await page.goto(`${path}?from=guard`);
    const url = new URL(page.url());
    expect(url.pathname, path).toBe('/sign-in');
    expect(url.searchParams.get('next'), path).toBe(`${path}?from=guard`);
  }
});

test('a customer is told the console is for staff on every page of it', async ({ page }) => {
  const signedUp = await page.request.post('/api/checkout/account', { data: { email: uniqueEmail('guard'), password: 'Guarded-area-1' } });
  expect(signedUp.status()).toBe(200);
  for (const path of consolePages) {
    await page.goto(path);
    expect(new URL(page.url()).pathname, path).toBe(path);
    await expect(page.getByRole('heading', { name: "The console is for the shop's staff" }), path).toBeVisible();
    await expect(page.getByRole('table'), path).toHaveCount(0);
  }
  // the affiliate's dashboard tells them the area's refusal in the same way, and shows no figures
  await page.goto('/affiliate/dashboard');
  expect(new URL(page.url()).pathname).toBe('/affiliate/dashboard');
  await expect(page.getByRole('heading', { name: 'Affiliate dashboard' })).toBeVisible();
  await expect(page.getByText('You do not have access to this. The dashboard is for the affiliates of our program.')).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  // the provider dashboard too: a customer is no member of a clinic
  await page.goto('/providers/dashboard');
  expect(new URL(page.url()).pathname).toBe('/providers/dashboard');
  await expect(page.getByText('You do not have access to this. The dashboard is for the members of a clinic.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your clients' })).toHaveCount(0);
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/account');
});
