import { clinicSharingWithdrawn, healthDataConsentTexts } from '@shop/core';
import { expect, test } from './fixtures';
import { staff } from './console-journey';
import { ok, pay, uniqueEmail } from './journey';
import { staffContext } from './program-journey';
import { sendClientPayLink, signUpClinicByRequest } from './provider-journey';

const share = healthDataConsentTexts.share_with_clinic;

// Decision 0081: a clinic's client pays its link with the consent to share ticked, the clinic reads
// the results, then the client withdraws the consent in /account and the clinic's dashboard no
// longer shows them. Two people, the outbox, a payment and the lab: longer than a page.
test('a clinic’s client pays with the consent to share, withdraws it in their account, and the clinic no longer sees the result', async ({
  browser,
  page,
}) => {
  test.slow();
  const tag = Date.now().toString(36);
  const clinic = `Share Clinic ${tag}`;
  await signUpClinicByRequest(page.request, clinic, `ana@share-${tag}.example`);
  const clientEmail = uniqueEmail('share-client');
  const link = await sendClientPayLink(page, browser, clientEmail);

  // the client pays from the link: the box asks the consent to share, in core's words, before the card goes
  const clientContext = await browser.newContext();
  const client = await clientContext.newPage();
  await client.goto(link);
  await client.waitForLoadState('networkidle');
  const box = client.getByRole('checkbox', { name: share.text });
  await expect(box).toBeVisible();
  await client.getByLabel('Password').fill('Client-passw0rd!');
  await client.getByLabel('Card number').fill('4242 4242 4242 4242');
  await client.getByLabel('Expiry (MM/YY)').fill('12/34');
  await client.getByLabel('Security code').fill('123');
  await client.getByRole('button', { name: /^Pay / }).click();
  await expect(client.getByText(share.missingAtCheckout)).toBeVisible();
  await pay(client, '4242 4242 4242 4242');
  await expect(client.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  const orderId = new URL(client.url()).searchParams.get('order')!;

  // the order goes through the lab, and its results reach the clinic (released at once, the default rule)
  await ok(
    await client.request.post(`/api/orders/${orderId}/collection`, {
      data: { method: 'home', fullName: 'Rosa Diaz', shippingAddress: '1 Main St', city: 'Austin', zipCode: '78701' },
    }),
  );
  await ok(
    await client.request.put('/api/account/profile', {
      data: { fullName: 'Rosa Diaz', dateOfBirth: '1984-02-11', sex: 'female', state: 'TX', conditions: '', medications: '' },
    }),
  );
  const clinician = await staffContext(browser, staff.clinician);
  await ok(await clinician.request.post(`/api/admin/orders/${orderId}/approve`, { data: {} }));
  await clinician.close();
  const lab = await staffContext(browser, staff.operator);
  const shipped = await ok(
    await lab.request.post(`/api/admin/orders/${orderId}/kits/blood/ship`, { data: { trackingNumber: '1Z999AA10123456784' } }),
  );
  const code = (shipped.kits as { code: string | null }[]).find((kit) => kit.code)!.code!;
  await ok(await client.request.post(`/api/orders/${orderId}/kits/register`, { data: { code } }));
  await ok(await lab.request.post(`/api/admin/orders/${orderId}/kits/blood/sample-received`, { data: {} }));
  await ok(
    await lab.request.post(`/api/admin/orders/${orderId}/results/blood`, {
      data: {
        results: [
          { biomarker: 'total-cholesterol', value: 180, unit: 'mg/dL' },
          { biomarker: 'ldl', value: 92, unit: 'mg/dL' },
          { biomarker: 'hdl', value: 55, unit: 'mg/dL' },
          { biomarker: 'triglycerides', value: 120, unit: 'mg/dL' },
        ],
      },
    }),
  );
  await lab.close();

  const orders = page.getByRole('list', { name: 'Your clients' }).getByRole('list', { name: 'Orders' });
  await page.goto('/providers/dashboard');
  await expect(orders).toContainText('Results: released');
  await page.getByRole('link', { name: 'Read results' }).click();
  await expect(page.getByRole('img', { name: /LDL cholesterol/i })).toBeVisible();
  const resultsPage = page.url();

  // the client withdraws the consent in their account, which says what that means
  await client.goto('/account#consents');
  const consent = client.getByRole('article', { name: share.title });
  await expect(consent).toContainText('Given on');
  await consent.getByRole('button', { name: 'Withdraw my consent' }).click();
  await expect(client.getByText(/^Your consent is withdrawn\./)).toContainText(share.withdrawal);
  await expect(consent).toContainText('Withdrawn on');
  await clientContext.close();

  // the clinic's dashboard shows the order without its result or progress, and the results page says why
  await page.goto('/providers/dashboard');
  await expect(orders).toContainText(clinicSharingWithdrawn.label);
  await expect(orders).not.toContainText('Results: released');
  await expect(orders.getByRole('link', { name: 'Read results' })).toHaveCount(0);
  await expect(orders.getByText('Where it is:')).toHaveCount(0);
  await page.goto(resultsPage);
  await expect(page.getByText(clinicSharingWithdrawn.message)).toBeVisible();
  await expect(page.getByRole('img', { name: /LDL cholesterol/i })).toHaveCount(0);
});
