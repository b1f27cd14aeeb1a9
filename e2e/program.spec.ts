import { staff } from './console-journey';
import { expect, test, type APIRequestContext, type Browser } from './fixtures';
import { expectAccessible, ok, uniqueEmail } from './journey';

// The Improvement Program on the web: a member whose starter test found their cortisol above
// range opens their program, reads the plan's reason for it, books the coaching session it
// includes, opens week 1's shopping list and e-mails it to themselves (with the page's script, and
// without it).

const adult = { goal: 'anxiety-depression', sex: 'female', dateOfBirth: '1990-04-12' };

/** A staff member's own browser context, signed in through the API. */
async function staffContext(browser: Browser, { email, password }: { email: string; password: string }) {
  const context = await browser.newContext();
  await ok(await context.request.post('/api/auth/sign-in/email', { data: { email, password } }));
  return context;
}

/**
 * A new customer signed in on `request` who bought the quiz's Cortisol Test with the program: the
 * team approves it, ships the kit and enters the results (cortisol 1.4 ng/mL, above its range),
 * and the worker charges the program. Returns once the program is active.
 */
async function memberWithActiveProgram(request: APIRequestContext, browser: Browser, email: string): Promise<string> {
  const quiz = await ok(await request.post('/api/quiz-results', { data: { variant: 'quiz', answers: adult } }));
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
      data: { paymentMethod: card.paymentMethod },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    }),
  );
  const orderId = (placed.order as { id: string }).id;
  await ok(
    await request.post(`/api/orders/${orderId}/collection`, {
      data: { method: 'home', fullName: 'Ann Lee', shippingAddress: '1 Main St', city: 'Austin', zipCode: '78701' },
    }),
  );
  await ok(
    await request.put('/api/account/profile', {
      data: { fullName: 'Ann Lee', dateOfBirth: '1990-04-12', sex: 'female', state: 'TX', conditions: '', medications: '' },
    }),
  );
  const clinician = await staffContext(browser, staff.clinician);
  await ok(await clinician.request.post(`/api/admin/orders/${orderId}/approve`, { data: {} }));
  await clinician.close();
  const operator = await staffContext(browser, staff.operator);
  const shipped = await ok(
    await operator.request.post(`/api/admin/orders/${orderId}/kits/daily-rhythm-saliva/ship`, {
      data: { trackingNumber: '1Z999AA10123456784' },
    }),
  );
  const code = (shipped.kits as { code: string | null }[]).find((kit) => kit.code)!.code!;
  await ok(await request.post(`/api/orders/${orderId}/kits/register`, { data: { code } }));
  await ok(await operator.request.post(`/api/admin/orders/${orderId}/kits/daily-rhythm-saliva/sample-received`, { data: {} }));
  await ok(
    await operator.request.post(`/api/admin/orders/${orderId}/results/daily-rhythm-saliva`, {
      data: {
        results: [
          { biomarker: 'cortisol', value: 1.4, unit: 'ng/mL' },
          { biomarker: 'melatonin', value: 12.5, unit: 'pg/mL' },
        ],
      },
    }),
  );
  await operator.close();
  // the worker charges the program on the saved card once the results are in
  await expect.poll(async () => (await ok(await request.get(`/api/orders/${orderId}`))).status, { timeout: 30_000 }).toBe('program_active');
  return orderId;
}

test('a member opens their Improvement Program, reads why, and prints and e-mails a week’s shopping list', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('program');
  await memberWithActiveProgram(page.request, browser, email);

  // the account links to the program while it runs
  await page.goto('/account');
  await page.getByRole('link', { name: 'Open your Improvement Program' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Improvement Program' })).toBeVisible();
  await expect(page.getByText(/^Week 1 of 8\. Your program runs until \w+ \d{1,2}, \d{4}\.$/)).toBeVisible();

  // the plan says why: the result outside its range, and each food with its reason
  const reasons = page.getByRole('region', { name: 'What your results say' });
  await expect(reasons).toContainText('Cortisol: 1.4 ng/mL');
  await expect(reasons).toContainText('Your cortisol was above range: cortisol is your main stress hormone');
  const favour = page.getByRole('region', { name: 'Foods to favour' });
  await expect(favour.getByRole('listitem').filter({ hasText: /^Oats/ })).toContainText('Why: Your cortisol was above range');
  await expect(page.getByRole('region', { name: 'Foods to limit' })).toContainText('Why: Your cortisol was above range');
  await expect(page.getByRole('region', { name: 'Habits' })).toContainText('Your goal: Anxiety & Depression');

  // the timeline marks this week; the coaching session is one link away
  const timeline = page.getByRole('region', { name: 'Your program, week by week' });
  await expect(timeline.getByRole('listitem')).toHaveCount(8);
  await expect(timeline.locator('[aria-current="step"]')).toContainText('Week 1');
  await expect(timeline.locator('[aria-current="step"]')).toContainText('This week');
  await expect(page.getByRole('link', { name: 'Book your coaching session' })).toHaveAttribute('href', '/account/coaching');
  await expectAccessible(page);

  // the session the program includes: a coach's published time, booked from the program's link
  const coach = await staffContext(browser, staff.coach);
  const start = new Date(Date.now() + 6 * 86_400_000);
  start.setUTCHours(19, 0, 0, 0);
  const slot = await ok(await coach.request.post('/api/admin/coaching/slots', { data: { startsAt: start.toISOString(), minutes: 30 } }));
  await coach.close();
  await page.getByRole('link', { name: 'Book your coaching session' }).click();
  await expect(page.getByRole('heading', { name: 'Health coach sessions' })).toBeVisible();
  await expect(page.getByText('1 session left to book')).toBeVisible();
  const when = String(slot.when).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await page.getByRole('button', { name: new RegExp(`^Book ${when}, 30 minutes with`) }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your session is booked for' })).toContainText(String(slot.when));
  await expect(page.getByText('0 sessions left to book')).toBeVisible();
  await page.goto('/account/program');

  // week 1's list: printable, and e-mailed to the member
  await timeline.getByRole('link', { name: 'Week 1 Shopping list' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Week 1 shopping list' })).toBeVisible();
  const firstFood = (await page.getByRole('main').getByRole('listitem').first().textContent())!.trim();
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'E-mail me this list' })).toBeHidden();
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByText(firstFood, { exact: true })).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
  await expectAccessible(page);

  await page.getByRole('button', { name: 'E-mail me this list' }).click();
  await expect(page.getByText(`We e-mailed your week 1 shopping list to ${email}.`)).toBeVisible();

  // without the page's script, the form is sent by the browser and the page comes back with the answer
  const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const plain = await noScript.newPage();
  await plain.goto('/account/program/shopping-list/2');
  await expect(plain.getByText('To print this list, use your browser’s Print command.')).toBeVisible();
  await plain.getByRole('button', { name: 'E-mail me this list' }).click();
  await expect(plain.getByText(`We e-mailed your week 2 shopping list to ${email}.`)).toBeVisible();
  await noScript.close();

  // the e-mails, read as the team reads the outbox: the foods, never the results
  const operator = await staffContext(browser, staff.operator);
  await expect
    .poll(
      async () => {
        const outbox = await ok(await operator.request.get(`/api/admin/outbox?to=${encodeURIComponent(email)}`));
        return (outbox.emails as { subject: string }[]).map((message) => message.subject);
      },
      { timeout: 30_000 },
    )
    .toEqual(expect.arrayContaining(['Your week 1 shopping list', 'Your week 2 shopping list']));
  const outbox = await ok(await operator.request.get(`/api/admin/outbox?to=${encodeURIComponent(email)}`));
  const weekOne = (outbox.emails as { subject: string; text: string }[]).find(
    (message) => message.subject === 'Your week 1 shopping list',
  )!;
  expect(weekOne.text).toContain(`- ${firstFood}`);
  expect(weekOne.text).not.toMatch(/cortisol|1\.4 ng/i);
  await operator.close();
});
