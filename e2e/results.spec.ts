import { orderAwaitingApproval, readyForTheLab, staff, staffPage } from './console-journey';
import { expect, test, type APIRequestContext } from './fixtures';
import { everyCheckoutConsent, expectAccessible, ok, pay, quizConsent, uniqueEmail } from './journey';

// One order's whole life after checkout, driven through the console as the team works and seen by
// the customer at each step: approval, the kit shipped and registered, the sample received, the
// results entered, and the Improvement Program billed by the job worker when they arrive.

const adult = { goal: 'anxiety-depression', sex: 'female', dateOfBirth: '1990-04-12' };

/** The quiz's Cortisol Test with the program billed on results, paid, collection and profile done. */
async function programOrderAwaitingApproval(request: APIRequestContext, email: string): Promise<{ id: string; number: number }> {
  const quiz = await ok(await request.post('/api/quiz-results', { data: { variant: 'quiz', answers: adult, consent: quizConsent } }));
  await ok(await request.post('/api/cart/items', { data: { productCode: 'base-quiz', quizResultId: quiz.id } }));
  await ok(await request.post('/api/cart/items', { data: { productCode: 'base-improvement-plan', quizResultId: quiz.id } }));
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
  await readyForTheLab(request, order.id);
  return order;
}

test('an order travels from payment through the console to results and program billing', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('journey');
  const order = await programOrderAwaitingApproval(page.request, email);
  const orderPage = `/account/orders/${order.id}`;

  await page.goto(orderPage);
  await expect(page.getByText('A clinician is reviewing your order.')).toBeVisible();

  // a clinician approves the order
  const clinician = await staffPage(browser, staff.clinician, `/admin/orders/${order.id}`);
  await expect(clinician.page.getByRole('heading', { name: `Order #${order.number}` })).toBeVisible();
  await clinician.page.getByRole('button', { name: 'Approve' }).click();
  await expect(clinician.page.getByText('Approve: done.')).toBeVisible();
  await clinician.context.close();

  await page.reload();
  await expect(page.getByText('We are preparing your kit.')).toBeVisible();

  // an operator ships the kit
  const operator = await staffPage(browser, staff.operator, `/admin/orders/${order.id}`);
  await operator.page.getByLabel('Tracking number for the Daily rhythm saliva kit').fill('1Z999AA10123456784');
  await operator.page.getByRole('button', { name: 'Ship the Daily rhythm saliva kit' }).click();
  await expect(operator.page.getByText('Daily rhythm saliva kit shipped.')).toBeVisible();
  const code = (await operator.page.locator('td.font-mono').first().textContent())!.trim();

  // the customer registers it with the code printed on it
  await page.reload();
  await expect(page.getByText(/Shipped on .*, tracking number 1Z999AA10123456784/)).toBeVisible();
  await page.getByLabel('Kit code').fill(code);
  await page.getByRole('button', { name: 'Register my kit' }).click();
  await expect(page.getByText('Your kit is registered.')).toBeVisible();

  // the lab receives the sample; the operator records it and enters the results
  await operator.page.reload();
  await operator.page.getByRole('button', { name: 'Sample received: Daily rhythm saliva kit' }).click();
  await expect(operator.page.getByText('Sample of the Daily rhythm saliva kit recorded.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('The lab has your sample.')).toBeVisible();

  await operator.page.reload();
  await operator.page.getByRole('link', { name: 'Enter results for the Daily rhythm saliva kit' }).click();
  await expect(operator.page.getByRole('heading', { name: 'Enter results: Daily rhythm saliva kit' })).toBeVisible();
  const cortisolFields = operator.page.getByRole('group', { name: 'Cortisol' });
  // the form asks for what the order bought, the Cortisol Test, and not for the rest of its kit
  await expect(operator.page.getByRole('group', { name: 'Melatonin' })).toHaveCount(0);
  await cortisolFields.getByLabel('Value').fill('140');
  await operator.page.getByRole('button', { name: 'Save the results' }).click();
  // checked by the page's action with the server's own schema: an implausible value is named
  await expect(operator.page.getByRole('alert')).toContainText('Cortisol: 140 ng/mL is not a plausible result');
  await cortisolFields.getByLabel('Value').fill('1.4');
  await operator.page.getByRole('button', { name: 'Save the results' }).click();
  await expect(operator.page.getByRole('status')).toContainText('program billing');
  await expectAccessible(operator.page);

  // the worker charges the program on the saved card once the results are in
  await expect(async () => {
    await page.reload();
    await expect(page.getByText('your 2-month Improvement Program has started')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expectAccessible(page);

  await page.getByRole('link', { name: 'See your results' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your results' })).toBeVisible();
  const cortisol = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Cortisol' }) });
  await expect(cortisol).toContainText('1.4 ng/mL');
  await expect(cortisol).toContainText('0.4 – 1.0 ng/mL');
  await expect(cortisol).toContainText('High: above the reference range');
  await expect(cortisol.getByRole('img', { name: /Cortisol: 1.4 ng\/mL/ })).toBeVisible();
  await expectAccessible(page);

  const pdfHref = await page.getByRole('link', { name: 'Download your results (PDF)' }).getAttribute('href');
  const pdf = await page.request.get(pdfHref!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // the e-mails of the journey, read as the team reads the outbox
  const outbox = await ok(await operator.page.request.get(`/api/admin/outbox?to=${encodeURIComponent(email)}`));
  const subjects = (outbox.emails as { subject: string; text: string }[]).map((message) => message.subject);
  expect(subjects).toEqual(
    expect.arrayContaining([
      `Your order #${order.number} is approved`,
      'Your Daily rhythm saliva kit is on its way',
      'Your Base test results are ready',
      `Your Base receipt: Improvement Program (order ${order.number})`,
    ]),
  );
  const receipt = (outbox.emails as { subject: string; text: string }[]).find((message) =>
    message.subject.startsWith('Your Base receipt: Improvement Program'),
  );
  expect(receipt?.text).toContain('Amount charged: $140.05');
  // results are never in an e-mail: the e-mail says where to read them
  expect(JSON.stringify(outbox.emails)).not.toContain('1.4 ng/mL');
  await operator.context.close();
});

test('a starter test bought alone: its results offer the Improvement Program, bought once at its price', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('after-results');
  // the starter test alone, through the lab to its results by the API: the offer is what is tested
  const order = await orderAwaitingApproval(page.request, email);
  const clinician = await staffPage(browser, staff.clinician, `/admin/orders/${order.id}`);
  await ok(await clinician.page.request.post(`/api/admin/orders/${order.id}/approve`, { data: {} }));
  await clinician.context.close();
  const operator = await staffPage(browser, staff.operator, '/admin/outbox');
  const kit = `/api/admin/orders/${order.id}/kits/daily-rhythm-saliva`;
  const shipped = await ok(await operator.page.request.post(`${kit}/ship`, { data: { trackingNumber: '1Z999AA10123456784' } }));
  const code = (shipped.kits as { kitSlug: string; code: string }[]).find((each) => each.kitSlug === 'daily-rhythm-saliva')!.code;
  await ok(await page.request.post(`/api/orders/${order.id}/kits/register`, { data: { code } }));
  await ok(await operator.page.request.post(`${kit}/sample-received`, { data: {} }));
  await ok(
    await operator.page.request.post(`/api/admin/orders/${order.id}/results/daily-rhythm-saliva`, {
      data: { results: [{ biomarker: 'cortisol', value: 1.4, unit: 'ng/mL' }] },
    }),
  );

  // the results say what the value suggests, and offer the program at its price
  await page.goto(`/account/orders/${order.id}/results`);
  const offer = page.getByRole('region', { name: 'Add the Improvement Program' });
  await expect(offer).toContainText('Your cortisol was above range:');
  await expect(offer).toContainText('$140.05, charged today');
  await expectAccessible(page);
  await offer.getByRole('button', { name: 'Add the program for $140.05' }).click();
  await expect(page).toHaveURL(/\/checkout-payment$/);
  await expect(page.getByRole('region', { name: 'Order summary' })).toContainText('Improvement Program');
  await pay(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();

  // the starter test's order runs the program now; the offer is gone
  await page.goto(`/account/orders/${order.id}`);
  await expect(page.getByText('your 2-month Improvement Program has started')).toBeVisible();
  await page.goto(`/account/orders/${order.id}/results`);
  await expect(page.getByRole('heading', { level: 1, name: 'Your results' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Add the Improvement Program' })).toHaveCount(0);

  // one receipt, for the program's price
  await expect(async () => {
    const outbox = await ok(await operator.page.request.get(`/api/admin/outbox?to=${encodeURIComponent(email)}`));
    const receipts = (outbox.emails as { subject: string; text: string }[]).filter((message) =>
      message.text.includes('Improvement Program'),
    );
    expect(receipts.map((message) => message.subject)).toEqual([expect.stringMatching(/^Your Base receipt/)]);
    expect(receipts[0]!.text).toContain('$140.05');
  }).toPass({ timeout: 15_000 });
  await operator.context.close();
});
