import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dataArchiveMessages } from '@shop/core';
import { reportPdf } from '../apps/api/test/handmade-pdf';
import { readStoredZip } from '../apps/api/src/my-data/zip.ts';
import { mailTo } from './console-journey';
import { expect, test, type APIRequestContext } from './fixtures';
import { everyCheckoutConsent, ok, uniqueEmail } from './journey';

// docs/decisions/0075-what-deleting-an-account-keeps.md, "A large archive": the browser tests'
// servers prepare and e-mail an archive above 1 MB (playwright.config.ts), so a member with a
// lab report of 1.1 MB asks for it from /account/my-data, without the page's script as with it,
// and the e-mailed link downloads it for them alone.

/** A lab report of 1.1 MB: a one-page PDF carrying a stream of noise nothing draws. */
const largeReport = reportPdf('Ferritin 12 ng/mL (30-400)', { more: [{ entries: '', data: randomBytes(1_100_000) }] });

/** A new member signed in on `request` who bought the nutritional plan and uploaded the large report. */
async function memberWithLargeUpload(request: APIRequestContext, email: string): Promise<number> {
  await ok(await request.post('/api/cart/items', { data: { productCode: 'nutritional-plan' } }));
  await ok(await request.post('/api/checkout/account', { data: { email, password: 'Sup3r-secret!' } }));
  const method = await ok(
    await request.post('/api/payments/test-gateway/payment-methods', {
      data: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
    }),
  );
  const placed = await ok(
    await request.post('/api/checkout/orders', {
      data: { testedState: 'TX', consents: everyCheckoutConsent, paymentMethod: method.paymentMethod },
      headers: { 'idempotency-key': crypto.randomUUID() },
    }),
  );
  await ok(
    await request.post(`/api/account/nutritional-plans/${placed.order.id}/files`, {
      data: largeReport,
      headers: { 'content-type': 'application/pdf' },
    }),
  );
  return placed.order.number as number;
}

test('a member with a large archive asks for it, is e-mailed a link, and the link downloads it for them alone', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('large-archive');
  const number = await memberWithLargeUpload(page.request, email);

  // without the page's script: the form is the page's action, and the page says what happens next
  const withoutScript = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const plain = await withoutScript.newPage();
  await plain.goto('/account/my-data');
  await expect(plain.getByRole('link', { name: 'Download my data' })).toHaveCount(0);
  await plain
    .getByRole('form', { name: 'Prepare my archive' })
    .getByRole('button', { name: 'Prepare my archive and e-mail me a link' })
    .click();
  await expect(plain.getByText(dataArchiveMessages.preparing)).toBeVisible();
  await withoutScript.close();

  // with it, the page still says so while it is prepared (or, once it is ready, offers it)
  await page.goto('/account/my-data');
  await expect(
    page.getByText(dataArchiveMessages.preparing).or(page.getByRole('link', { name: 'Download my prepared archive' })),
  ).toBeVisible();

  const mail = await mailTo(browser, email, 'Your Base data archive is ready');
  const link = new URL(/https?:\/\/\S+\/account\/my-data\/archives\/[\w-]+/.exec(mail)![0]);
  expect(mail).toContain('works for 7 days');

  // the link's page starts the download by itself
  const downloading = page.waitForEvent('download');
  await page.goto(link.pathname);
  await expect(page.getByRole('heading', { level: 1, name: 'Your data archive' })).toBeVisible();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^base-my-data-\d{4}-\d\d-\d\d\.zip$/);
  const entries = readStoredZip(readFileSync(await download.path()));
  const upload = entries.find((entry) => entry.name === `plans/order-${number}-upload-1.pdf`);
  expect(Buffer.from(upload!.data).equals(largeReport)).toBe(true);
  await expect(page.getByRole('link', { name: 'Download my archive' })).toBeVisible();

  // signed out, the link asks to sign in; another member finds nothing there
  const stranger = await browser.newContext();
  const strangerPage = await stranger.newPage();
  await strangerPage.goto(link.pathname);
  await expect(strangerPage).toHaveURL(/\/sign-in\?next=/);
  await memberWithLargeUpload(strangerPage.request, uniqueEmail('other-member'));
  const response = await strangerPage.goto(link.pathname);
  expect(response?.status()).toBe(404);
  await stranger.close();
});
