import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { staff, staffPage } from './console-journey';
import { expect } from './fixtures';
import { ok } from './journey';

/** A clinic signed up by its first admin, whose dashboard the page then shows. */
export async function signUpClinic(page: Page, clinic: string, adminEmail: string) {
  await page.goto('/providers/sign-up');
  await page.waitForLoadState('networkidle');
  await page.getByLabel('Clinic name').fill(clinic);
  await page.getByLabel('Type of clinic').selectOption('functional_medicine');
  await page.getByLabel('Street address').fill('12 Main Street');
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('State', { exact: true }).selectOption('TX');
  await page.getByLabel('ZIP code').fill('73301');
  await page.getByLabel('Full name').fill('Ana Green');
  await page.getByLabel('Work e-mail address').fill(adminEmail);
  await page.getByLabel('Password').fill('Clinic-passw0rd!');
  await page.getByRole('button', { name: 'Create my free dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: clinic })).toBeVisible();
}

/**
 * A clinic signed up through the API by its first admin (Dr. Ana Green), for a test whose subject is
 * what comes after: the request's context is then signed in as the admin.
 */
export async function signUpClinicByRequest(request: APIRequestContext, clinic: string, adminEmail: string) {
  const response = await request.post('/api/provider-signup', {
    data: {
      clinicName: clinic,
      clinicType: 'functional_medicine',
      addressLine1: '12 Main Street',
      city: 'Austin',
      state: 'TX',
      postalCode: '73301',
      npi: '',
      name: 'Dr. Ana Green',
      email: adminEmail,
      password: 'Clinic-passw0rd!',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** A client (Maya Lopez, an adult in California, unless named) added to the clinic's clients from the dashboard's form. */
export async function addClient(page: Page, clientEmail: string, { firstName = 'Maya', lastName = 'Lopez', state = 'CA' } = {}) {
  const add = page.getByRole('form', { name: 'Add a client' });
  await add.getByLabel('First name').fill(firstName);
  await add.getByLabel('Last name').fill(lastName);
  await add.getByLabel('E-mail address').fill(clientEmail);
  await add.getByLabel('Date of birth').fill('1985-06-01');
  await add.getByLabel('US state').selectOption(state);
  await add.getByRole('button', { name: 'Add client' }).click();
  await expect(add.getByText(`${firstName} ${lastName} is added to your clients.`, { exact: false })).toBeVisible();
}

/**
 * A client the signed-in clinic (`page`) adds and sends a pay link for the Focus Test (test-1),
 * which the client pays: the link's path, as the e-mail in the operator's outbox gives it.
 */
export async function sendClientPayLink(page: Page, browser: Browser, clientEmail: string): Promise<string> {
  const added = await ok(
    await page.request.post('/api/providers/clients', {
      data: { firstName: 'Rosa', lastName: 'Diaz', email: clientEmail, dateOfBirth: '1984-02-11', state: 'TX' },
    }),
  );
  await ok(await page.request.post('/api/providers/orders', { data: { clientId: added.id, payer: 'client', items: ['test-1'] } }));
  const { context: operator, page: outbox } = await staffPage(browser, staff.operator, '/admin/outbox');
  let link = '';
  await expect
    .poll(async () => {
      const answer = await outbox.request.get(`/api/admin/outbox?to=${encodeURIComponent(clientEmail)}`);
      const { emails } = (await answer.json()) as { emails: Array<{ text: string }> };
      link = emails.map((email) => /\/checkout-practitioners\?token=\S+/.exec(email.text)?.[0]).find(Boolean) ?? '';
      return link !== '';
    })
    .toBe(true);
  await operator.close();
  return link;
}
