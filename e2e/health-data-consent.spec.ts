import { collectConsentRefusal, GPC_HONOURED_TEXT, healthDataConsentTexts, privacyClaims } from '@shop/core';
import { expect, test } from './fixtures';
import { agreeToCollectHealthData, answerQuiz, ok, uniqueEmail } from './journey';

// The consent to collect health data (the quiz's first screen, withdrawn at /account) and Global
// Privacy Control, as a person meets them (docs/decisions/0076-health-data-consents.md).

const words = healthDataConsentTexts.collect_health_data;
const adult = { goal: 'anxiety-depression', sex: 'female', dateOfBirth: '1990-04-12' };
const password = 'Sup3r-secret!';

test('the quiz goes no further without the consent to collect health data, and the API stores nothing without it', async ({ page }) => {
  await page.goto('/quiz-c');
  await expect(page.getByText('Question 1 of 3')).toBeVisible();
  await page.getByRole('radio', { name: 'Sleep' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(words.missing)).toBeVisible();
  await expect(page.getByText('Question 1 of 3')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Consumer health data privacy policy' })).toHaveAttribute(
    'href',
    '/consumer-health-data-privacy',
  );

  // answers sent straight to the API without it are refused, in words a person can act on
  const refused = await page.request.post('/api/quiz-results', { data: { variant: 'quiz-c', answers: adult } });
  expect(refused.status()).toBe(422);
  expect(await refused.json()).toEqual({ code: 'CONSENT_REQUIRED', message: collectConsentRefusal });
  await expect(page.getByText('Question 1 of 3')).toBeVisible();
});

test('with the consent ticked, the quiz saves the answers and shows the results', async ({ page }) => {
  await page.goto('/quiz-c');
  await answerQuiz(page, { choose: /sleep/i });
  await expect(page).toHaveURL(/\/quiz-results-c\?id=/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/starter plan/);
});

test('a member withdraws the consent at /account: the quiz saves nothing more, and the page points to deletion', async ({ page }) => {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const email = uniqueEmail('consent-withdraw');
  // the consent given as a visitor goes with them to the account they sign in to
  await page.goto('/quiz-c');
  await agreeToCollectHealthData(page);
  await answerQuiz(page, { choose: /sleep/i });
  await expect(page).toHaveURL(/\/quiz-results-c\?id=/);
  await ok(await page.request.post('/api/auth/sign-up/email', { data: { email, password, name: 'Wren Withdraw' }, headers: { origin } }));
  await ok(await page.request.post('/api/auth/sign-in/email', { data: { email, password }, headers: { origin } }));

  await page.goto('/account');
  const consents = page.getByRole('region', { name: 'Your health data consents' });
  const collect = consents.getByRole('article', { name: words.title });
  await expect(collect).toContainText('Given on');
  await collect.getByRole('button', { name: 'Withdraw my consent' }).click();
  await expect(consents.getByText(/^Your consent is withdrawn\./)).toContainText(words.withdrawal);
  await expect(collect).toContainText('Withdrawn on');
  await expect(consents.getByRole('link', { name: 'delete your account and its health data' })).toHaveAttribute(
    'href',
    '/account/my-data#delete-account',
  );

  // from now on the quiz stores nothing of theirs
  const refused = await page.request.post('/api/quiz-results', { data: { variant: 'quiz-c', answers: adult } });
  expect(refused.status()).toBe(422);

  // agreeing again, in the same words, lets the quiz store again
  await collect.getByRole('button', { name: 'I agree to the words above' }).click();
  await expect(consents.getByText('Thank you: your consent is recorded.')).toBeVisible();
  await expect(collect).toContainText('Given on');
  const stored = await page.request.post('/api/quiz-results', { data: { variant: 'quiz-c', answers: adult } });
  expect(stored.status()).toBe(201);
});

test.describe('a browser that sends Global Privacy Control', () => {
  test.use({ thirdPartyScripts: 'on', extraHTTPHeaders: { 'Sec-GPC': '1' } });
  const vendor = `http://localhost:${3191 + Number(process.env.TEST_PORT_OFFSET ?? 0)}`;

  test('loads no third-party script, and the banner says the signal was honoured', async ({ page }) => {
    const toVendor: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(vendor)) toVendor.push(request.url());
    });
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Cookies' });
    await expect(banner).toContainText(GPC_HONOURED_TEXT);
    await expect(banner.getByRole('button', { name: 'Accept' })).toHaveCount(0);
    await banner.getByRole('button', { name: 'OK' }).click();
    await expect(banner).toBeHidden();

    // a rendered marketing page, and the page that promises it
    await page.goto('/health-data');
    await expect(page.getByText(privacyClaims.globalPrivacyControl.text)).toBeVisible();
    await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click();
    await expect(banner).toContainText(GPC_HONOURED_TEXT);
    await page.waitForLoadState('networkidle');
    expect(toVendor, 'no request reaches a vendor').toEqual([]);
  });
});
