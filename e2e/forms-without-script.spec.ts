import { expect, test, type Browser } from './fixtures';
import { uniqueEmail } from './journey';

// Every form but the card fields works before (or without) the page's script: the browser posts
// it to the page's own action, which checks it with core's schema and answers with the page,
// showing what to fix (with what was typed) or what was done.
test.use({ javaScriptEnabled: false });

/** The leads the shop stored for an address, read as the operator reads them. */
async function storedLeads(browser: Browser, kind: string, email: string) {
  const operator = await browser.newContext();
  const signIn = await operator.request.post('/api/auth/sign-in/email', {
    data: { email: 'operator@shop.local', password: 'operator-e2e-password' },
  });
  expect(signIn.status()).toBe(200);
  const response = await operator.request.get('/api/admin/leads', { params: { kind, email } });
  expect(response.status()).toBe(200);
  const { leads } = (await response.json()) as { leads: Array<{ fields: Record<string, unknown> }> };
  await operator.close();
  return leads.map((lead) => lead.fields);
}

test('the lead forms say what to fix and take the lead without script', async ({ page, browser }) => {
  await page.goto('/business');
  let form = page.getByRole('form', { name: 'Book a demo' });
  await form.getByLabel('First name').fill('Maya');
  await form.getByLabel('Work email').fill('maya at bolton');
  await form.getByRole('radio', { name: 'No, keep my name out of it' }).check();
  const answered = page.waitForResponse((response) => response.request().isNavigationRequest());
  await form.getByRole('button', { name: 'Book a demo' }).click();
  // the page that answers a form holds what was typed: no cache keeps it
  expect((await answered).headers()['cache-control']).toBe('no-store');
  form = page.getByRole('form', { name: 'Book a demo' });
  await expect(form.getByText('Please enter your last name')).toBeVisible();
  await expect(form.getByText('Please enter a valid email')).toBeVisible();
  await expect(form.getByText('Please enter your company name')).toBeVisible();
  // what was typed and chosen comes back with the page
  await expect(form.getByLabel('First name')).toHaveValue('Maya');
  await expect(form.getByLabel('Work email')).toHaveValue('maya at bolton');
  await expect(form.getByRole('radio', { name: 'No, keep my name out of it' })).toBeChecked();

  const email = uniqueEmail('no-script-employer');
  await form.getByLabel('Last name').fill('Ortiz');
  await form.getByLabel('Work email').fill(email);
  await form.getByLabel('Company').fill('Bolton Logistics');
  await form.getByRole('button', { name: 'Book a demo' }).click();
  await expect(page.getByRole('form', { name: 'Book a demo' }).getByRole('status')).toHaveText(
    'Thank you! Our team will e-mail you to book your demo.',
  );
  expect(await storedLeads(browser, 'business_contact', email)).toEqual([
    {
      firstName: 'Maya',
      lastName: 'Ortiz',
      email,
      company: 'Bolton Logistics',
      benefitsContactName: '',
      benefitsContactEmail: '',
      consentToBeNamed: false,
    },
  ]);

  const cases = [
    {
      path: '/whitepaper',
      kind: 'whitepaper',
      name: 'Get the whitepaper',
      button: 'Send me the whitepaper',
      fields: { 'First name': 'Ada', 'Last name': 'Byron', Company: 'Analytical' },
      emailLabel: 'Work email',
    },
    {
      path: '/providers/home',
      kind: 'providers_contact',
      name: 'Get your free provider dashboard',
      button: 'Get started for free',
      fields: { 'First name': 'Dana', 'Last name': 'Wu' },
      emailLabel: 'Email',
    },
    {
      path: '/',
      kind: 'sample_plan',
      name: 'Get a sample nutritional plan',
      button: 'Send me the sample plan',
      fields: {},
      emailLabel: 'Your email',
    },
  ];
  for (const { path, kind, name, button, fields, emailLabel } of cases) {
    await page.goto(path);
    await page.getByRole('form', { name }).getByLabel(emailLabel).fill('not-an-email');
    await page.getByRole('form', { name }).getByRole('button', { name: button }).click();
    await expect(page.getByRole('form', { name }).getByText(/^Please enter a valid (work )?email$/)).toBeVisible();
    const address = uniqueEmail(`no-script-${kind}`);
    for (const [label, value] of Object.entries(fields)) await page.getByRole('form', { name }).getByLabel(label).fill(value);
    await page.getByRole('form', { name }).getByLabel(emailLabel).fill(address);
    await page.getByRole('form', { name }).getByRole('button', { name: button }).click();
    await expect(page.getByRole('form', { name }).getByRole('status')).toBeVisible();
    expect(await storedLeads(browser, kind, address), path).toHaveLength(1);
  }

  await page.goto('/practitioners-referral');
  form = page.getByRole('form', { name: 'Refer a provider' });
  const yours = uniqueEmail('no-script-referrer');
  await form.getByLabel('Your first name').fill('Lee');
  await form.getByLabel('Your last name').fill('Park');
  await form.getByLabel('Your email').fill(yours);
  await form.getByLabel("Provider's first name").fill('Robin');
  await form.getByLabel("Provider's last name").fill('Hale');
  await form.getByLabel("Provider's email").fill(uniqueEmail('no-script-provider'));
  await form.getByRole('button', { name: 'Send the referral' }).click();
  form = page.getByRole('form', { name: 'Refer a provider' });
  await expect(form.getByText('Please choose what kind of provider they are')).toBeVisible();
  await expect(form.getByLabel("Provider's first name")).toHaveValue('Robin');
  await form.getByLabel('Type of provider').selectOption('Nurse practitioner');
  await form.getByRole('button', { name: 'Send the referral' }).click();
  await expect(page.getByRole('form', { name: 'Refer a provider' }).getByRole('status')).toContainText('Thank you for the referral!');
  expect(await storedLeads(browser, 'provider_referral', yours)).toHaveLength(1);
});
