import { expect, test, type Browser, type Page } from './fixtures';
import { mailTo, staff } from './console-journey';
import { expectFocusIndicators } from './focus-indicators';
import { expectAccessible, uniqueEmail } from './journey';

// An unexpected console error fails the test; a refused request is logged by the browser itself.
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

/** The leads the shop stored for an address, read as the operator reads them. */
async function storedLeads(browser: Browser, kind: string, email: string) {
  const operator = await browser.newContext();
  const signIn = await operator.request.post('/api/auth/sign-in/email', {
    data: { email: 'operator@shop.local', password: 'operator-e2e-password' },
  });
  expect(signIn.status()).toBe(200);
  const response = await operator.request.get('/api/admin/leads', { params: { kind, email } });
  expect(response.status()).toBe(200);
  const { leads } = (await response.json()) as { leads: Array<{ kind: string; email: string; fields: Record<string, unknown> }> };
  await operator.close();
  return leads;
}

/**
 * The toast is bottom-center, then gone after its 4000 ms. With the page's clock held (`held`:
 * installed before the form was sent, paused here), it stays up while every control of the page takes the
 * focus in turn: none of them is covered by it (WCAG 2.4.11), then the clock runs its 4000 ms.
 */
async function expectToast(page: Page, text: string, { held = false } = {}) {
  const toast = page.getByRole('status').filter({ hasText: text });
  await expect(toast).toBeVisible();
  const box = (await toast.locator('p').boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThan(2);
  expect(viewport.height - (box.y + box.height)).toBeLessThan(40);
  if (held) {
    // the installed clock has run with the real one until now: it stops here, the toast's 4000 ms not yet gone
    await page.clock.pauseAt(Date.now() + 100);
    expect((await expectFocusIndicators(page)).length).toBeGreaterThan(10);
    await expect(toast).toBeVisible();
    await page.clock.runFor(4_000);
  }
  await expect(toast).toBeHidden({ timeout: 6_000 });
}

test('the business contact form says what to fix, then books a demo', async ({ page, browser }) => {
  await page.goto('/business');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  for (const stat of ['70%', '76%', '4.7', '2.3x']) await expect(page.getByText(stat, { exact: true })).toBeVisible();
  const form = page.getByRole('form', { name: 'Book a demo' });
  await form.getByRole('button', { name: 'Book a demo' }).click();
  await expect(form.getByText('Please enter your first name')).toBeVisible();
  await expect(page.getByLabel('First name')).toBeFocused();
  await expect(page.getByLabel('First name')).toHaveAccessibleDescription('Please enter your first name');
  await expect(form.getByText('Please enter your last name')).toBeVisible();
  await expect(form.getByText('Please enter a valid email')).toBeVisible();
  await expect(form.getByText('Please enter your company name')).toBeVisible();
  await expect(form.getByText('Please choose whether we may mention your name')).toBeVisible();
  await expectAccessible(page);

  const email = uniqueEmail('employer');
  await page.getByLabel('First name').fill('Maya');
  await page.getByLabel('Last name').fill('Ortiz');
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Company').fill('Bolton Logistics');
  await page.getByLabel('Benefits contact name (optional)').fill('Sam Reed');
  await page.getByLabel('Benefits contact email (optional)').fill('sam at bolton');
  await page.getByRole('radio', { name: 'Yes, you may mention me' }).check();
  await form.getByRole('button', { name: 'Book a demo' }).click();
  await expect(form.getByText('Please enter a valid email for your benefits contact, or leave it empty')).toBeVisible();
  await page.getByLabel('Benefits contact email (optional)').fill('sam.reed@example.com');
  await page.clock.install();
  await form.getByRole('button', { name: 'Book a demo' }).click();
  await expectToast(page, 'Thank you! Our team will e-mail you to book your demo.', { held: true });
  await expect(page.getByLabel('First name')).toHaveValue('');

  expect(await storedLeads(browser, 'business_contact', email)).toEqual([
    expect.objectContaining({
      fields: {
        firstName: 'Maya',
        lastName: 'Ortiz',
        email,
        company: 'Bolton Logistics',
        benefitsContactName: 'Sam Reed',
        benefitsContactEmail: 'sam.reed@example.com',
        consentToBeNamed: true,
      },
    }),
  ]);
  // "Our team will e-mail you": the request's acknowledgement comes at once
  const acknowledgement = await mailTo(browser, email, 'We received your demo request');
  expect(acknowledgement).toContain('Hi Maya, thank you for asking about Base for Bolton Logistics.');
});

test('the providers contact form asks for a dashboard', async ({ page, browser }) => {
  await page.goto('/providers/home');
  const form = page.getByRole('form', { name: 'Get your free provider dashboard' });
  await page.getByLabel('Email').fill('dana@');
  await form.getByRole('button', { name: 'Get started for free' }).click();
  await expect(form.getByText('Please enter your first name')).toBeVisible();
  await expect(form.getByText('Please enter your last name')).toBeVisible();
  await expect(form.getByText('Please enter a valid email')).toBeVisible();
  await expectAccessible(page);

  const email = uniqueEmail('provider');
  await page.getByLabel('First name').fill('Dana');
  await page.getByLabel('Last name').fill('Wu');
  await page.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Get started for free' }).click();
  await expectToast(page, 'Thank you! We will e-mail you to set up your free provider dashboard.');
  expect((await storedLeads(browser, 'providers_contact', email)).map((lead) => lead.fields)).toEqual([
    { firstName: 'Dana', lastName: 'Wu', email },
  ]);
  // the e-mail the thanks promises, with the way to set the dashboard up
  const invitation = await mailTo(browser, email, 'Set up your free provider dashboard');
  expect(invitation).toContain('Hi Dana, thank you for your interest in the Base provider dashboard.');
  expect(invitation).toContain('/providers/sign-up');
});

test('the whitepaper form takes a work email and a company', async ({ page, browser }) => {
  await page.goto('/whitepaper');
  const form = page.getByRole('form', { name: 'Get the whitepaper' });
  await page.getByLabel('Work email').fill('dana');
  await form.getByRole('button', { name: 'Send me the whitepaper' }).click();
  for (const message of [
    'Please enter your first name',
    'Please enter your last name',
    'Please enter a valid work email',
    'Please enter your company name',
  ]) {
    await expect(form.getByText(message)).toBeVisible();
  }
  await expectAccessible(page);

  const email = uniqueEmail('reader');
  await page.getByLabel('First name').fill('Dana');
  await page.getByLabel('Last name').fill('Wu');
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Company').fill('Acme Health');
  await form.getByRole('button', { name: 'Send me the whitepaper' }).click();
  await expectToast(page, 'Thank you! We will e-mail the whitepaper to your work address.');
  expect((await storedLeads(browser, 'whitepaper', email)).map((lead) => lead.fields)).toEqual([
    { firstName: 'Dana', lastName: 'Wu', email, company: 'Acme Health' },
  ]);
  // and the whitepaper it promises is sent: the queue writes it to the outbox after the answer
  const operator = await browser.newContext();
  expect((await operator.request.post('/api/auth/sign-in/email', { data: staff.operator })).status()).toBe(200);
  let mail: { subject: string; text: string | null } | undefined;
  await expect
    .poll(
      async () => {
        const outbox = await operator.request.get('/api/admin/outbox', { params: { to: email } });
        mail = ((await outbox.json()) as { emails: Array<{ subject: string; text: string | null }> }).emails[0];
        return mail?.subject;
      },
      { timeout: 30_000 },
    )
    .toBe('Your whitepaper: Food as medicine at work');
  expect(mail!.text).toContain('Hi Dana, here is the whitepaper you asked for.');
  expect(mail!.text).toContain('FOOD AS MEDICINE AT WORK');
  await operator.close();
});

test('the provider referral form checks both people, and a second sending is stored once', async ({ page, browser }) => {
  await page.goto('/practitioners-referral');
  const form = page.getByRole('form', { name: 'Refer a provider' });
  const send = form.getByRole('button', { name: 'Send the referral' });
  await send.click();
  for (const message of [
    'Please enter your first name',
    'Please enter your last name',
    "Please enter the provider's first name",
    "Please enter the provider's last name",
    'Please choose what kind of provider they are',
    'Please enter a valid email for the provider',
  ]) {
    await expect(form.getByText(message)).toBeVisible();
  }
  await expect(form.getByText('Please enter a valid email', { exact: true })).toBeVisible();
  await expectAccessible(page);

  const yourEmail = uniqueEmail('referrer');
  const providerEmail = uniqueEmail('dietitian');
  await page.getByLabel('Your first name').fill('Ann');
  await page.getByLabel('Your last name').fill('Lee');
  await page.getByLabel('Your email').fill(yourEmail);
  await page.getByLabel("Provider's first name").fill('Raj');
  await page.getByLabel("Provider's last name").fill('Patel');
  await page.getByLabel('Type of provider').selectOption('Registered dietitian');
  await page.getByLabel("Provider's email").fill(yourEmail.toUpperCase());
  await send.click();
  await expect(form.getByText("The provider's email must be different from yours")).toBeVisible();
  await page.getByLabel("Provider's email").fill(providerEmail);
  await send.click();
  const thanks = 'Thank you for the referral! We will reach out to your provider, and your $50 follows when they join.';
  await expectToast(page, thanks);

  // the same referral again: the same thanks, one row
  await page.getByLabel('Your first name').fill('Ann');
  await page.getByLabel('Your last name').fill('Lee');
  await page.getByLabel('Your email').fill(yourEmail);
  await page.getByLabel("Provider's first name").fill('Raj');
  await page.getByLabel("Provider's last name").fill('Patel');
  await page.getByLabel('Type of provider').selectOption('Registered dietitian');
  await page.getByLabel("Provider's email").fill(providerEmail);
  await send.click();
  await expect(page.getByRole('status').filter({ hasText: thanks })).toBeVisible();
  const leads = await storedLeads(browser, 'provider_referral', yourEmail);
  expect(leads.map((lead) => lead.fields)).toEqual([
    {
      yourFirstName: 'Ann',
      yourLastName: 'Lee',
      yourEmail,
      providerFirstName: 'Raj',
      providerLastName: 'Patel',
      providerType: 'Registered dietitian',
      providerEmail,
    },
  ]);
  // "We e-mail them once, mentioning you": one e-mail to the provider for the two sendings
  const subject = 'Ann Lee suggested the Base provider dashboard to you';
  expect(await mailTo(browser, providerEmail, subject)).toContain('Hi Raj, Ann Lee thought your clients would benefit');
  const operator = await browser.newContext();
  expect((await operator.request.post('/api/auth/sign-in/email', { data: staff.operator })).status()).toBe(200);
  const outbox = await operator.request.get('/api/admin/outbox', { params: { to: providerEmail } });
  const { emails } = (await outbox.json()) as { emails: Array<{ subject: string }> };
  expect(emails.filter((mail) => mail.subject === subject)).toHaveLength(1);
  await operator.close();
});

test('the sample nutritional plan form subscribes', async ({ page, browser }) => {
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Get a sample nutritional plan' });
  await form.getByLabel('Your email').fill('not-an-email');
  await form.getByRole('button', { name: 'Send me the sample plan' }).click();
  await expect(form.getByText('Please enter a valid email')).toBeVisible();
  await expect(form.getByLabel('Your email')).toBeFocused();

  // what the page says when the server fails or refuses is the action's (lib/lead-action.server.test.ts)
  const email = uniqueEmail('sample');
  await form.getByLabel('Your email').fill(email);
  await form.getByRole('button', { name: 'Send me the sample plan' }).click();
  await expectToast(page, 'Thanks for subscribing');
  await expect(form.getByRole('alert')).toHaveCount(0);
  await expect(form.getByLabel('Your email')).toHaveValue('');
  expect((await storedLeads(browser, 'sample_plan', email)).map((lead) => lead.fields)).toEqual([{ email }]);
  const plan = await mailTo(browser, email, 'Your sample nutritional plan');
  expect(plan).toContain('Foods to favour:');
});

test('partner pages: employer groups, affiliates and provider videos', async ({ page }) => {
  await page.goto('/b2b/bolton');
  for (const goal of ['Preventative Health', 'Fatigue', 'Mental Health']) {
    await expect(page.getByRole('link', { name: `Choose ${goal}` })).toHaveAttribute(
      'href',
      /^\/b2b\/bolton\/(preventative-health|fatigue|mental-health)$/,
    );
  }
  await expectAccessible(page);
  expect((await page.goto('/b2b/acme'))!.status()).toBe(404);
  await expect(page.getByText("Whoops - we couldn't find what you're looking for.")).toBeVisible();

  await page.goto('/affiliate/girlboss20');
  await expect(page.getByText('GIRLBOSS20: 20% off your first test')).toBeVisible();
  await expectAccessible(page);
  expect((await page.goto('/affiliate/some-podcast'))!.status()).toBe(404);

  await page.goto('/providers/videos-and-faqs');
  await page.getByText('Do I need a medical licence to order tests?').click();
  await expect(page.getByText('Our clinicians review and approve every lab order', { exact: false })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Client pay, provider pay or a custom fee' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Client pay, provider pay or a custom fee');
  await expect(page.getByRole('heading', { name: 'Transcript' })).toBeVisible();
  await expectAccessible(page);
  expect((await page.goto('/providers/videos/no-such-video'))!.status()).toBe(404);

  for (const path of ['/affiliate-program', '/providers/terms']) {
    await page.goto(path);
    await expectAccessible(page);
  }

  await page.goto('/providers/test-catalog');
  await expect(page.getByRole('heading', { name: 'Food allergy test' })).toBeVisible();
  await expect(page.getByText('$175.00')).toBeVisible();
  await expectAccessible(page);
});
