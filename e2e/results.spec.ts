import { expect, test, type APIRequestContext } from '@playwright/test';
import pg from 'pg';
import { expectAccessible, uniqueEmail } from './journey';

const adult = { goal: 'anxiety-depression', sex: 'female', dateOfBirth: '1990-04-12' };

/** A paid order for the quiz's Cortisol Test, bought through the API as the pages do. */
async function buyStarterTest(request: APIRequestContext, email: string): Promise<string> {
  const quiz = await request.post('/api/quiz-results', { data: { variant: 'quiz', answers: adult } });
  await request.post('/api/cart/items', { data: { productCode: 'base-quiz', quizResultId: (await quiz.json()).id } });
  expect((await request.post('/api/checkout/account', { data: { email, password: 'Sup3r-secret!' } })).status()).toBe(200);
  const card = await request.post('/api/payments/test-gateway/payment-methods', { data: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' } });
  const placed = await request.post('/api/checkout/orders', {
    data: { paymentMethod: (await card.json()).paymentMethod },
    headers: { 'idempotency-key': crypto.randomUUID() },
  });
  expect(placed.status()).toBe(201);
  return (await placed.json()).order.id;
}

test('a customer reads their results against the reference ranges and downloads them', async ({ page, browser }, testInfo) => {
  // the kit tracks that bring an order to "sample received" are the console's; this test stands in
  // for them in the database, which it can reach only when the shop runs on PostgreSQL
  test.skip(testInfo.project.name !== 'postgres', 'needs E2E_DATABASE_URL to move the order to sample received');
  const email = uniqueEmail('results');
  const orderId = await buyStarterTest(page.request, email);

  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    await client.query(`UPDATE orders SET status = 'sample_received' WHERE id = $1`, [orderId]);
    await client.query(
      `INSERT INTO order_kits (order_id, kit_slug, title, status, sample_received_at) VALUES ($1, 'daily-rhythm-saliva', 'Daily rhythm saliva kit', 'sample_received', now())`,
      [orderId],
    );
  } finally {
    await client.end();
  }

  // a clinician or operator enters the kit's results in the console
  const operator = await browser.newContext();
  const console = await operator.newPage();
  await console.goto(`/sign-in?next=/admin/orders/${orderId}/results/daily-rhythm-saliva`);
  await console.getByLabel('Email').fill('operator@shop.local');
  await console.getByLabel('Password').fill('operator-e2e-password');
  await console.getByRole('button', { name: 'Sign in' }).click();
  await expect(console.getByRole('heading', { name: 'Enter results: Daily rhythm saliva kit' })).toBeVisible();
  const cortisolFields = console.getByRole('group', { name: 'Cortisol' });
  await cortisolFields.getByLabel('Value').fill('140');
  await console.getByRole('group', { name: 'Melatonin' }).getByLabel('Value').fill('12.5');
  await console.getByRole('button', { name: 'Save the results' }).click();
  // checked in the browser with the server's own schema: an implausible value is named
  await expect(console.getByRole('alert')).toContainText('Cortisol: 140 ng/mL is not a plausible result');
  await cortisolFields.getByLabel('Value').fill('1.4');
  await console.getByRole('button', { name: 'Save the results' }).click();
  await expect(console.getByRole('status')).toContainText('is now results ready');
  await expectAccessible(console);
  await operator.close();

  await page.goto('/account');
  await expect(page.getByText('Results ready')).toBeVisible();
  await page.getByRole('link', { name: 'See your results' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your results' })).toBeVisible();
  const cortisol = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Cortisol' }) });
  await expect(cortisol).toContainText('1.4 ng/mL');
  await expect(cortisol).toContainText('0.4 – 1.0 ng/mL');
  await expect(cortisol).toContainText('High: above the reference range');
  await expect(cortisol.getByRole('img', { name: /Cortisol: 1.4 ng\/mL/ })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Melatonin' })).toContainText('Normal: within the reference range');
  await expectAccessible(page);

  const pdfHref = await page.getByRole('link', { name: 'Download your results (PDF)' }).getAttribute('href');
  const pdf = await page.request.get(pdfHref!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
});
