import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { expect, test, type APIRequestContext, type Browser } from './fixtures';
import { staff } from './console-journey';
import { expectAccessible, ok, uniqueEmail } from './journey';
import { signUpClinicByRequest } from './provider-journey';
import { staffContext } from './program-journey';

/** The clinic's own integration, on this machine: it keeps what it receives and accepts it. */
let receiver: Server;
let receiverUrl = '';
const received: { headers: IncomingHttpHeaders; body: string }[] = [];

test.beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
test.afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

/**
 * A client-pay order of the clinic signed in on `clinic`, paid by its client from the link of the
 * e-mail (read from the shop's outbox, as the client would read it).
 */
async function paidClinicOrder(browser: Browser, clinic: APIRequestContext) {
  const email = uniqueEmail('hook-client');
  const client = await ok(
    await clinic.post('/api/providers/clients', {
      data: { firstName: 'Maya', lastName: 'Lopez', email, dateOfBirth: '1985-06-01', state: 'CA' },
    }),
  );
  await ok(await clinic.post('/api/providers/orders', { data: { clientId: client.id, items: ['test-1'] } }));
  const operator = await staffContext(browser, staff.operator);
  let token = '';
  await expect
    .poll(async () => {
      const outbox = await ok(await operator.request.get(`/api/admin/outbox?to=${encodeURIComponent(email)}`));
      const text = (outbox.emails as { text: string | null }[]).map((mail) => mail.text ?? '').join('\n');
      token = decodeURIComponent(/checkout-practitioners\?token=([\w%-]+)/.exec(text)?.[1] ?? '');
      return token !== '';
    })
    .toBe(true);
  await operator.close();
  const payer = await browser.newContext();
  await ok(await payer.request.post('/api/pay-links/account', { data: { token, password: 'Client-passw0rd!' } }));
  const card = await ok(
    await payer.request.post('/api/payments/test-gateway/payment-methods', {
      data: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
    }),
  );
  await ok(
    await payer.request.post('/api/pay-links/pay', {
      data: { token, paymentMethod: card.paymentMethod, consents: ['share_with_clinic'] },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    }),
  );
  await payer.close();
}

test('a clinic admin adds an endpoint, keeps its secret shown once, reads the signed delivery in the log, sends it again and removes the endpoint', async ({
  browser,
  page,
}) => {
  // a clinic, its order paid by a client, and the deliveries the worker sends: longer than a page
  test.slow();
  const tag = Date.now().toString(36);
  await signUpClinicByRequest(page.request, `Hook Clinic ${tag}`, `ana@hooks-${tag}.example`);
  await page.goto('/providers/dashboard/webhooks');
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
  await expect(page.getByText('No endpoint yet.')).toBeVisible();
  await page.waitForLoadState('networkidle');

  // an address with credentials in it is refused at the field, and nothing is added
  const address = page.getByLabel('Endpoint address');
  await address.fill('https://user:secret@example.com/hooks');
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(page.getByText('Please leave the user name and password out of the address')).toBeVisible();
  await expect(page.getByText('No endpoint yet.')).toBeVisible();

  await address.fill(receiverUrl);
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(page.getByText('Your signing secret, shown this once')).toBeVisible();
  const secret = (await page
    .locator('code')
    // the secret itself, not the page's note that every secret starts with `whsec_`
    .filter({ hasText: /^whsec_\S/ })
    .textContent())!;
  expect(secret).toMatch(/^whsec_\S+$/);
  await expect(page.getByRole('list', { name: 'Endpoints' })).toContainText(receiverUrl);
  await expectAccessible(page);

  // an order of the clinic is paid: the integration receives a signed order.paid, and the log says so
  received.length = 0;
  await paidClinicOrder(browser, page.request);
  await expect.poll(() => received.length, { timeout: 30_000 }).toBe(1);
  const [first] = received;
  expect(JSON.parse(first!.body)).toMatchObject({ type: 'order.paid', data: { status: 'paid' } });
  // verified as a clinic would, with the Standard Webhooks library
  const signed = {
    'webhook-id': first!.headers['webhook-id'] as string,
    'webhook-timestamp': first!.headers['webhook-timestamp'] as string,
    'webhook-signature': first!.headers['webhook-signature'] as string,
  };
  expect(new Webhook(secret).verify(first!.body, signed)).toEqual(JSON.parse(first!.body));
  const eventId = first!.headers['webhook-id'] as string;
  await page.reload();
  // once shown is once: the secret is nowhere on the page again
  await expect(page.getByText('Your signing secret, shown this once')).toHaveCount(0);
  expect(await page.content()).not.toContain(secret);
  const deliveries = page.getByRole('list', { name: 'Deliveries' });
  await expect(deliveries).toContainText('order.paid · Delivered');
  await expect(deliveries).toContainText(`Event ${eventId}`);
  await expect(deliveries).toContainText('1 attempt · last response 200');

  // sent again on request: the same event, which the receiver knows by its id
  await page.waitForLoadState('networkidle');
  await deliveries.getByRole('button', { name: `Send the order.paid event ${eventId} again` }).click();
  await expect.poll(() => received.length, { timeout: 30_000 }).toBe(2);
  expect(received[1]!.headers['webhook-id']).toBe(eventId);
  expect(received[1]!.body).toBe(first!.body);
  await expect
    .poll(
      async () => {
        await page.reload();
        return deliveries.textContent();
      },
      { timeout: 30_000 },
    )
    .toContain('2 attempts');
  await expectAccessible(page);

  // removed, the endpoint gets no new event, and its deliveries can no longer be sent again
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: `Remove the endpoint ${receiverUrl}` }).click();
  await expect(page.getByText('No endpoint yet.')).toBeVisible();
  await expect(deliveries.getByRole('button', { name: /^Send the order.paid event/ })).toHaveCount(0);
  await paidClinicOrder(browser, page.request);
  await page.reload();
  await expect(deliveries.getByRole('listitem')).toHaveCount(1);
  expect(received).toHaveLength(2);
});
