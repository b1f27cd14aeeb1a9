import type { APIRequestContext, Browser } from '@playwright/test';
import { consentKinds, shareConsentKinds } from '@shop/core';
import { expect, test } from './fixtures';
import { mailTo, staff, staffPage } from './console-journey';
import { authorizeResults, chooseTestedState, uniqueEmail } from './journey';

const password = 'Sup3r-secret!';
const censusHeader = 'first_name,last_name,email,employee_id,date_of_birth';

/** The census the admin uploads: Ada, whom the journey follows, and four colleagues. */
const colleagues = [
  { first: 'Grace', last: 'Hopper', dateOfBirth: '1976-12-09' },
  { first: 'Alan', last: 'Turing', dateOfBirth: '1982-06-23' },
  { first: 'Katherine', last: 'Johnson', dateOfBirth: '1978-08-26' },
  { first: 'Edsger', last: 'Dijkstra', dateOfBirth: '1980-05-11' },
];

/**
 * The four colleagues' covered orders, placed through the API: they are not who this journey
 * follows, and an employer is invoiced only for five people or more (decision 0057), so the
 * invoice the admin pays needs them beside the one employee who goes through the pages.
 */
async function fourCoveredOrders(browser: Browser, slug: string, domain: string) {
  for (const colleague of colleagues) {
    const employee = await browser.newContext();
    const request: APIRequestContext = employee.request;
    expect((await request.post('/api/checkout/account', { data: { email: uniqueEmail('colleague'), password } })).status()).toBe(200);
    const proof = {
      method: 'census',
      firstName: colleague.first,
      lastName: colleague.last,
      dateOfBirth: colleague.dateOfBirth,
      emailOrEmployeeId: `${colleague.first.toLowerCase()}@${domain}`,
    };
    const proven = await request.post(`/api/employers/${slug}/eligibility`, { data: { goal: 'fatigue', proof } });
    expect(proven.status(), await proven.text()).toBe(200);
    const placed = await request.post('/api/checkout/orders', {
      data: { testedState: 'TX', consents: [...consentKinds, 'collect_health_data', ...shareConsentKinds], paymentMethod: 'covered' },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    await employee.close();
  }
}

/** The first link to `path` in an e-mail's text, as a path and query to open in the browser. */
function linkIn(text: string, path: string) {
  const found = new RegExp(`https?://\\S+${path.replace(/[/?]/g, '\\$&')}\\S*`).exec(text)?.[0];
  expect(found, text).toBeTruthy();
  const url = new URL(found!);
  return url.pathname + url.search;
}

// The employer journey from the first page to the last e-mail (issue 46). Every account is made
// through the pages, each person starting where they would: the benefits lead books a demo on
// /business; the operator works the request in the console until it is won and creates the group
// from it, with a census, and invites the lead; the lead creates their account from the
// invitation's e-mail and uploads the census in the portal; an employee on it starts at the
// group's link, proves eligibility, creates their account and places the covered order, whose
// receipt says who covered it. The month over, the lead reads the invoice's e-mail, pays it by
// card in the portal and reads the receipt.
test('an employer’s journey: demo request, group, admin, census, a covered order, and the invoice paid online', async ({
  browser,
  page,
}) => {
  test.slow();
  const tag = Date.now().toString(36);
  const company = `Bolton Logistics ${tag}`;
  const lead = uniqueEmail('benefits-lead');

  // the benefits lead books a demo on /business, and reads the acknowledgement
  await page.goto('/business');
  await page.waitForLoadState('networkidle');
  const demo = page.getByRole('form', { name: 'Book a demo' });
  await demo.getByLabel('First name').fill('Maya');
  await demo.getByLabel('Last name').fill('Ortiz');
  await demo.getByLabel('Work email').fill(lead);
  await demo.getByLabel('Company').fill(company);
  await demo.getByRole('radio', { name: 'Yes, you may mention me' }).check();
  await demo.getByRole('button', { name: 'Book a demo' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Thank you! Our team will e-mail you to book your demo.' })).toBeVisible();
  const acknowledgement = await mailTo(browser, lead, 'We received your demo request');
  expect(acknowledgement).toContain(`Hi Maya, thank you for asking about Base for ${company}.`);

  // the operator finds the request, contacts the lead, wins it and creates the group from it
  const { context: operatorContext, page: console } = await staffPage(browser, staff.operator, '/admin/demo-requests');
  await console.getByRole('link', { name: company }).click();
  await expect(console.getByRole('heading', { level: 1, name: company })).toBeVisible();
  await expect(console.getByText(`Maya Ortiz, ${lead}`)).toBeVisible();
  await console.getByRole('button', { name: 'Mark contacted' }).click();
  await expect(console.getByText('Contacted · received', { exact: false })).toBeVisible();
  await console.getByLabel('Why (optional)').fill('Demo given; 5 employees to start, census eligibility.');
  await console.getByRole('button', { name: 'Mark won' }).click();
  await console.getByRole('link', { name: 'Create the employer group' }).click();
  const group = console.getByRole('form', { name: 'Employer group' });
  await expect(group.getByLabel('Name employees know')).toHaveValue(company);
  const slug = await group.getByLabel('Address (/b2b/…)').inputValue();
  expect(slug).toMatch(/^[a-z0-9-]+$/);
  await expect(group.getByRole('radio', { name: 'Census of employees (CSV)' })).toBeChecked();
  await group.getByRole('button', { name: 'Create group' }).click();
  await expect(console.getByRole('heading', { level: 1, name: company })).toBeVisible();
  const admins = console.getByRole('form', { name: 'Employer admins' });
  await admins.getByLabel('E-mail of the admin').fill(lead);
  await admins.getByRole('button', { name: 'Invite admin' }).click();
  await expect(admins.getByText(`Invitation e-mailed to ${lead}.`, { exact: false })).toBeVisible();
  // the won request now leads to its group
  await console.goto('/admin/demo-requests');
  await console.getByRole('link', { name: company }).click();
  await console.getByRole('link', { name: 'Open its employer group' }).click();
  await expect(console.getByRole('heading', { level: 1, name: company })).toBeVisible();
  await operatorContext.close();

  // the lead creates their account from the invitation's e-mail and lands in the portal
  const invitation = await mailTo(browser, lead, `You are invited to the ${company} employer portal`);
  const adminContext = await browser.newContext();
  const portal = await adminContext.newPage();
  await portal.goto(linkIn(invitation, '/business/portal/accept?token='));
  await portal.waitForLoadState('networkidle');
  const account = portal.getByRole('form', { name: 'Create your account' });
  await account.getByLabel('Password', { exact: true }).fill(password);
  await account.getByLabel('Repeat password').fill(password);
  await account.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(portal.getByRole('heading', { level: 1, name: company })).toBeVisible();
  await expect(portal.getByText('No census yet: your employees are covered once it lists them.')).toBeVisible();

  // the lead checks, then uploads, the census: the employees' link works from then on
  const domain = `${slug}.test`;
  const lines = [
    `Ada,Lovelace,ada@${domain},E-1,1985-12-10`,
    ...colleagues.map(
      (colleague, index) =>
        `${colleague.first},${colleague.last},${colleague.first.toLowerCase()}@${domain},E-${index + 2},${colleague.dateOfBirth}`,
    ),
  ];
  const census = portal.getByRole('form', { name: 'Census' });
  await census
    .getByLabel('Census file (CSV)')
    .setInputFiles({ name: 'census.csv', mimeType: 'text/csv', buffer: Buffer.from(`${censusHeader}\n${lines.join('\n')}\n`) });
  await census.getByRole('button', { name: 'Check' }).click();
  await expect(census.getByText('Checked, nothing changed yet: 5 would be added, 0 removed, 0 changed, 0 unchanged.')).toBeVisible();
  await census.getByRole('button', { name: 'Upload' }).click();
  await expect(census.getByText(/Census version 1 uploaded: 5 added/)).toBeVisible();
  await expect(portal.getByText('Version 1: 5 employees, uploaded', { exact: false })).toContainText(`by ${lead}`);
  const employeeLink = await portal.getByRole('region', { name: 'Launch kit' }).getByLabel('Your employees’ link').inputValue();
  expect(new URL(employeeLink).pathname).toBe(`/b2b/${slug}`);

  // Ada starts at the employees' link, proves she is on the census, makes her account and places the covered order
  const employeeContext = await browser.newContext();
  const employee = await employeeContext.newPage();
  await employee.goto(new URL(employeeLink).pathname);
  await employee.getByRole('link', { name: 'Choose Fatigue' }).click();
  await expect(employee.getByRole('heading', { name: 'Confirm your cover' })).toBeVisible();
  await employee.waitForLoadState('networkidle');
  const ada = uniqueEmail('ada');
  const proof = employee.getByRole('form', { name: 'Confirm your cover' });
  await proof.getByLabel('E-mail', { exact: true }).fill(ada);
  await proof.getByLabel('Password').fill(password);
  await proof.getByLabel('First name').fill('Ada');
  await proof.getByLabel('Last name').fill('Lovelace');
  await proof.getByLabel('Date of birth').fill('1985-12-10');
  await proof.getByLabel('Work e-mail or employee ID').fill('E-1');
  await proof.getByRole('button', { name: 'Continue to your covered test' }).click();
  await expect(employee.getByRole('heading', { level: 1, name: `Checkout for ${company}` })).toBeVisible();
  await expect(employee.getByRole('region', { name: 'Order summary' })).toContainText(`Covered by ${company}`);
  // covered in full: no card to enter, and so no word of HSA or FSA cards
  await expect(employee.getByText(`${company} covers this order in full: there is nothing to pay and no card to enter.`)).toBeVisible();
  await expect(employee.locator('main')).not.toContainText(/HSA|FSA/);
  await employee.waitForLoadState('networkidle');
  await chooseTestedState(employee);
  await authorizeResults(employee);
  await employee.getByRole('button', { name: 'Place covered order' }).click();
  await expect(employee.getByRole('heading', { level: 1, name: 'Your order is placed' })).toBeVisible();
  await expect(employee.getByText(`Covered by ${company}: nothing for you to pay.`, { exact: false })).toBeVisible();
  // the order's first step names who paid, as the receipt does, not "Paid" for a member who paid nothing
  await expect(employee.getByRole('region', { name: 'Order progress' }).getByRole('listitem').first()).toContainText(
    `Covered by ${company}`,
  );
  const number = /Order #(\d+)/.exec((await employee.getByText(/Order #\d+/).textContent()) ?? '')?.[1];
  expect(number).toBeTruthy();
  await employeeContext.close();

  // her receipt says who covered it; she paid nothing, so it says nothing of an HSA or FSA claim
  const receipt = await mailTo(browser, ada, `Your Base receipt for order ${number}`);
  expect(receipt).toContain(`Covered by ${company}: −$79.95`);
  expect(receipt).toContain(`${company} covers it: there is nothing for you to pay.`);
  expect(receipt).not.toMatch(/HSA|FSA/);

  // four colleagues' covered orders, then the month's invoice, as the monthly job issues it
  await fourCoveredOrders(browser, slug, domain);
  const now = new Date();
  const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 2));
  const invoiced = await portal.request.post('/api/test-clock/employers/invoices', { data: { at: nextMonth.toISOString() } });
  expect(await invoiced.json()).toEqual({ issued: 1 });

  // the lead reads the invoice's e-mail and follows it to the portal's billing, where they pay by card
  const invoiceMail = await mailTo(browser, lead, new RegExp(`^Invoice INV-\\d+ of ${company} for `));
  const invoiceNumber = /INV-\d+/.exec(invoiceMail)![0];
  expect(invoiceMail).toContain(`${invoiceNumber}, $399.75`);
  await portal.goto(linkIn(invoiceMail, '/business/portal/billing'));
  await expect(portal.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  const invoices = portal.getByRole('list', { name: 'Invoices, newest first' });
  const row = invoices.getByRole('listitem', { name: invoiceNumber });
  await expect(row).toContainText('$399.75');
  await row.getByRole('link', { name: `Pay by card ${invoiceNumber}` }).click();
  await expect(portal.getByRole('heading', { level: 1, name: `Invoice ${invoiceNumber}` })).toBeVisible();
  await portal.waitForLoadState('networkidle');
  const card = portal.getByRole('form', { name: `Pay ${invoiceNumber} by card` });
  await card.getByLabel('Card number').fill('4242 4242 4242 4242');
  await card.getByLabel('Expiry (MM/YY)').fill('12/34');
  await card.getByLabel('Security code').fill('123');
  await card.getByRole('button', { name: 'Pay $399.75' }).click();
  await expect(portal.getByText('Paid: $399.75 by Visa ending 4242.', { exact: false })).toBeVisible();
  await portal.getByRole('link', { name: 'Back to billing' }).click();
  await expect(invoices.getByRole('listitem', { name: invoiceNumber })).toContainText('Paid on');

  // the last e-mail: the receipt of the invoice
  const paid = await mailTo(browser, lead, `Receipt: invoice ${invoiceNumber} of ${company} is paid`);
  expect(paid).toContain(`We received $399.75 for invoice ${invoiceNumber} of ${company}`);
  expect(paid).toContain('paid by card (Visa ending 4242)');
  await adminContext.close();
});
