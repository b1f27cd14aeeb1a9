import { staff, staffPage } from './console-journey';
import { expect, test, type APIRequestContext, type Browser } from './fixtures';
import { everyCheckoutConsent, expectAccessible, ok, uniqueEmail } from './journey';

// A lab posts a critical value: the results are held until a clinician has spoken with the
// person. The order up to the lab's posting is made through the API; the journey is the hold.

/** The Cholesterol & Lipids Test (one blood kit) bought, shipped, registered and received by the lab, through the API. */
async function lipidsAtTheLab(request: APIRequestContext, browser: Browser, email: string) {
  await ok(await request.post('/api/cart/items', { data: { productCode: 'base-quiz', testId: 1, origin: 'area' } }));
  await ok(await request.post('/api/checkout/account', { data: { email, password: 'Sup3r-secret!' } }));
  const card = await ok(
    await request.post('/api/payments/test-gateway/payment-methods', {
      data: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
    }),
  );
  const placed = await ok(
    await request.post('/api/checkout/orders', {
      data: { testedState: 'TX', consents: everyCheckoutConsent, paymentMethod: card.paymentMethod },
      headers: { 'idempotency-key': crypto.randomUUID() },
    }),
  );
  const order = placed.order as { id: string; number: number };
  await ok(
    await request.post(`/api/orders/${order.id}/collection`, {
      data: {
        method: 'home',
        fullName: 'Ann Lee',
        shippingAddress: '1 Main St',
        city: 'Austin',
        zipCode: '78701',
        phone: '(512) 555-0142',
      },
    }),
  );
  await ok(
    await request.put('/api/account/profile', {
      data: { fullName: 'Ann Lee', dateOfBirth: '1990-04-12', sex: 'female', state: 'TX', conditions: '', medications: '' },
    }),
  );
  const team = await browser.newContext();
  await ok(await team.request.post('/api/auth/sign-in/email', { data: staff.clinician }));
  await ok(await team.request.post(`/api/admin/orders/${order.id}/approve`, { data: {} }));
  await team.close();
  const operator = await browser.newContext();
  await ok(await operator.request.post('/api/auth/sign-in/email', { data: staff.operator }));
  const shipped = await ok(
    await operator.request.post(`/api/admin/orders/${order.id}/kits/blood/ship`, { data: { trackingNumber: '1Z999AA10123456784' } }),
  );
  const code = (shipped.kits as { code: string | null }[]).find((kit) => kit.code)!.code!;
  await ok(await request.post(`/api/orders/${order.id}/kits/register`, { data: { code } }));
  await ok(await operator.request.post(`/api/admin/orders/${order.id}/kits/blood/sample-received`, { data: {} }));
  return { order, operator };
}

test('a critical result is held until a clinician has reached the person and released it', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('critical');
  const { order, operator } = await lipidsAtTheLab(page.request, browser, email);
  await ok(
    await operator.request.post(`/api/admin/orders/${order.id}/results/blood`, {
      data: {
        results: [
          { biomarker: 'total-cholesterol', value: 260, unit: 'mg/dL' },
          { biomarker: 'ldl', value: 120, unit: 'mg/dL' },
          { biomarker: 'hdl', value: 35, unit: 'mg/dL' },
          { biomarker: 'triglycerides', value: 2500, unit: 'mg/dL' },
        ],
      },
    }),
  );

  // the member is told a clinician will call, and sees no value
  await page.goto(`/account/orders/${order.id}/results`);
  await expect(page.getByText('A clinician will contact you about your results.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Triglycerides' })).toHaveCount(0);
  await expect(page.getByText('2500')).toHaveCount(0);

  // the clinician's console opens on the held results, with the clock
  const clinician = await staffPage(browser, staff.clinician, '/admin');
  const held = clinician.page.getByRole('region', { name: /Results held for a clinician/ });
  const task = held.getByRole('listitem').filter({ hasText: `Order #${order.number}` });
  await expect(task).toContainText('Critical: call at once');
  await expect(task).toContainText(/held \d+ min · 0 attempts/);
  await task.getByRole('link', { name: new RegExp(`^Order #${order.number}, `) }).click();
  await expect(clinician.page.getByRole('heading', { name: new RegExp(`^Held results: order #${order.number}, `) })).toBeVisible();
  await expect(clinician.page.getByRole('listitem').filter({ hasText: 'Triglycerides' })).toContainText('2500 mg/dL');

  // a text asking them to call back, then the call in which they are reached
  await clinician.page.getByLabel('What you did').selectOption({ label: 'Text message (request to call back): sent' });
  await clinician.page.getByRole('button', { name: 'Record the attempt' }).click();
  await expect(clinician.page.getByText('Recorded: the text asking them to call back is on its way.')).toBeVisible();
  await expect(clinician.page.getByRole('listitem').filter({ hasText: '(to +15125550142)' })).toBeVisible();
  await clinician.page.getByLabel('What you did').selectOption({ label: 'Phone call: reached the person' });
  await clinician.page.getByRole('button', { name: 'Record the attempt' }).click();
  await expect(clinician.page.getByText('Attempt recorded.')).toBeVisible();
  await clinician.page.getByLabel('Note').fill('Reached by phone; advised to see their doctor this week about the triglycerides.');
  await clinician.page.getByRole('button', { name: 'Release the results' }).click();
  await expect(clinician.page.getByText('Released: the person can read their results and is e-mailed that they are ready.')).toBeVisible();
  await expectAccessible(clinician.page);
  await clinician.context.close();

  // the member reads their results now, and is e-mailed once
  await page.reload();
  await expect(page.getByText('A clinician will contact you about your results.')).toHaveCount(0);
  const triglycerides = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Triglycerides' }) });
  await expect(triglycerides).toContainText('2500 mg/dL');
  await expect(async () => {
    const outbox = await ok(await operator.request.get(`/api/admin/outbox?to=${encodeURIComponent(email)}`));
    const ready = (outbox.emails as { subject: string }[]).filter((mail) => mail.subject === 'Your Base test results are ready');
    expect(ready).toHaveLength(1);
  }).toPass({ timeout: 30_000 });
  const texts = await ok(await operator.request.get('/api/admin/texts'));
  const text = (texts.texts as { to: string; body: string }[]).find((message) => message.to === '+15125550142');
  expect(text?.body).toContain('call us back');
  expect(text?.body).not.toContain('2500');
  await operator.close();
});
