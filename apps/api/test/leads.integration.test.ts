import { leads } from '@shop/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadLimit } from '../src/leads/routes.ts';
import { mailTo } from './cart-helpers.ts';
import { createTestShop, signUpClinic, staffVisitor, uniqueEmail, Visitor, type TestShop } from './helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

const rowsOf = (kind: string) => shop.database.db.select().from(leads).where(eq(leads.kind, kind));

function businessContact(email = uniqueEmail('hr')) {
  return {
    firstName: 'Maya',
    lastName: 'Ortiz',
    email,
    company: 'Bolton Logistics',
    benefitsContactName: 'Sam Reed',
    benefitsContactEmail: 'sam.reed@example.com',
    consentToBeNamed: true,
  };
}

function referral(yourEmail = uniqueEmail('member'), providerEmail = uniqueEmail('doctor')) {
  return {
    yourFirstName: 'Ann',
    yourLastName: 'Lee',
    yourEmail,
    providerFirstName: 'Raj',
    providerLastName: 'Patel',
    providerType: 'Registered dietitian',
    providerEmail,
  };
}

describe('lead forms', () => {
  it('stores a business contact with every field, once, and answers the same the second time', async () => {
    const form = businessContact();
    const visitor = new Visitor(shop.app);
    const first = await visitor.post('/api/leads/business-contact', { ...form, firstName: '  Maya ' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: 'Thank you! Our team will e-mail you to book your demo.' });
    const again = await visitor.post('/api/leads/business-contact', { ...form, email: form.email.toUpperCase() });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());

    const rows = (await rowsOf('business_contact')).filter((row) => row.dedupeKey === form.email.toLowerCase());
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: form.email, fields: form });
  });

  it('stores each of the other forms', async () => {
    const email = uniqueEmail('lead');
    const visitor = new Visitor(shop.app);
    const sent = [
      ['providers-contact', 'providers_contact', { firstName: 'Dana', lastName: 'Wu', email }],
      ['whitepaper', 'whitepaper', { firstName: 'Dana', lastName: 'Wu', email, company: 'Acme Health' }],
      ['sample-plan', 'sample_plan', { email }],
    ] as const;
    for (const [path, kind, body] of sent) {
      const response = await visitor.post(`/api/leads/${path}`, body);
      expect(response.statusCode, path).toBe(200);
      const rows = (await rowsOf(kind)).filter((row) => row.email === email);
      expect(rows.map((row) => row.fields)).toEqual([body]);
    }
    const sample = await visitor.post('/api/leads/sample-plan', { email });
    expect(sample.json()).toEqual({ message: 'Thanks for subscribing' });
  });

  it('e-mails the whitepaper it promises, once however often the form is sent', async () => {
    const email = uniqueEmail('whitepaper');
    const visitor = new Visitor(shop.app);
    const form = { firstName: 'Dana', lastName: 'Wu', email, company: 'Acme Health' };
    const answers = await Promise.all([visitor.post('/api/leads/whitepaper', form), visitor.post('/api/leads/whitepaper', form)]);
    expect(answers.map((answer) => answer.json())).toEqual([
      { message: 'Thank you! We will e-mail the whitepaper to your work address.' },
      { message: 'Thank you! We will e-mail the whitepaper to your work address.' },
    ]);
    const mail = await mailTo(shop, email);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ subject: 'Your whitepaper: Food as medicine at work', status: 'stored', template: 'whitepaper' });
    expect(mail[0]!.text).toContain('Hi Dana, here is the whitepaper you asked for.');
    expect(mail[0]!.text).toContain('3. What retesting shows after 2 months.');
    expect(mail[0]!.text).toContain(`Book a demo: ${shop.app.config.PUBLIC_URL}/business`);
  });

  it('keeps what each form promises to e-mail: the demo request answered, the dashboard link, the sample plan', async () => {
    const visitor = new Visitor(shop.app);
    const demo = businessContact();
    const dashboard = uniqueEmail('practitioner');
    const sample = uniqueEmail('curious');
    await visitor.post('/api/leads/business-contact', demo);
    await visitor.post('/api/leads/business-contact', demo);
    await visitor.post('/api/leads/providers-contact', { firstName: 'Dana', lastName: 'Wu', email: dashboard });
    await visitor.post('/api/leads/sample-plan', { email: sample });
    const url = shop.app.config.PUBLIC_URL;

    const [demoMail, ...again] = await mailTo(shop, demo.email);
    expect(again).toEqual([]);
    expect(demoMail).toMatchObject({ subject: 'We received your demo request', template: 'demo-request-received' });
    expect(demoMail!.text).toContain('Hi Maya, thank you for asking about Base for Bolton Logistics.');
    expect(demoMail!.text).toContain('Our team will e-mail you to book your demo');

    const [dashboardMail] = await mailTo(shop, dashboard);
    expect(dashboardMail).toMatchObject({ subject: 'Set up your free provider dashboard', template: 'provider-dashboard-invitation' });
    expect(dashboardMail!.text).toContain(`Set up my dashboard: ${url}/providers/sign-up`);

    const [sampleMail] = await mailTo(shop, sample);
    expect(sampleMail).toMatchObject({ subject: 'Your sample nutritional plan', template: 'sample-plan' });
    // the members' own plan, from the sample's made-up results
    expect(sampleMail!.text).toContain('Vitamin D: 15 ng/mL (range 30 – 100 ng/mL). Your vitamin D was below range');
    expect(sampleMail!.text).toContain('Ferritin: 8 ng/mL');
    expect(sampleMail!.text).toContain(`Take the quiz: ${url}/quiz`);
  });

  it('e-mails a referred practitioner once, naming who referred them, and never one who already has a clinic', async () => {
    const practitioner = uniqueEmail('doctor');
    const first = referral(uniqueEmail('ann'), practitioner);
    const second = { ...referral(uniqueEmail('bo'), practitioner.toUpperCase()), yourFirstName: 'Bo' };
    await new Visitor(shop.app).post('/api/leads/provider-referral', first);
    await Promise.all([
      new Visitor(shop.app).post('/api/leads/provider-referral', second),
      new Visitor(shop.app).post('/api/leads/provider-referral', first),
    ]);
    const mail = await mailTo(shop, practitioner);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ subject: 'Ann Lee suggested the Base provider dashboard to you', template: 'provider-referral' });
    expect(mail[0]!.text).toContain('Hi Raj, Ann Lee thought your clients would benefit from lab testing with Base');
    expect(mail[0]!.text).toContain(`See the provider dashboard: ${shop.app.config.PUBLIC_URL}/providers/home`);
    expect(await mailTo(shop, second.providerEmail)).toEqual([]);

    const clinicAdmin = uniqueEmail('clinic-admin');
    await signUpClinic(shop.app, {
      clinicName: `Clinic ${clinicAdmin}`,
      name: 'Cy Doe',
      email: clinicAdmin,
      password: 'Clinic-password-1!',
    });
    await new Visitor(shop.app).post('/api/leads/provider-referral', referral(uniqueEmail('cy'), clinicAdmin));
    expect((await mailTo(shop, clinicAdmin)).filter((message) => message.template === 'provider-referral')).toEqual([]);
  });

  it('stores a lead once when the same form arrives several times at once', async () => {
    const email = uniqueEmail('double-click');
    const visitor = new Visitor(shop.app);
    const answers = await Promise.all(Array.from({ length: 5 }, () => visitor.post('/api/leads/sample-plan', { email })));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect((await rowsOf('sample_plan')).filter((row) => row.email === email)).toHaveLength(1);
  });

  it('keeps one referral per pair of people, and lets one person refer two providers', async () => {
    const yourEmail = uniqueEmail('referrer');
    const visitor = new Visitor(shop.app);
    const form = referral(yourEmail);
    for (const body of [form, form, referral(yourEmail)]) {
      expect((await visitor.post('/api/leads/provider-referral', body)).statusCode).toBe(200);
    }
    const rows = (await rowsOf('provider_referral')).filter((row) => row.email === yourEmail);
    expect(rows).toHaveLength(2);
    expect(rows.map((row) => row.dedupeKey)).toContain(`${yourEmail}>${form.providerEmail}`);
  });

  const refusals: Array<[string, string, Record<string, unknown>, string]> = [
    ['business-contact', 'business_contact', { ...businessContact(), firstName: ' ' }, 'Please enter your first name'],
    ['business-contact', 'business_contact', { ...businessContact(), lastName: '' }, 'Please enter your last name'],
    ['business-contact', 'business_contact', { ...businessContact(), email: 'maya@' }, 'Please enter a valid email'],
    ['business-contact', 'business_contact', { ...businessContact(), company: '' }, 'Please enter your company name'],
    [
      'business-contact',
      'business_contact',
      { ...businessContact(), benefitsContactEmail: 'hr at bolton' },
      'Please enter a valid email for your benefits contact, or leave it empty',
    ],
    [
      'business-contact',
      'business_contact',
      { ...businessContact(), consentToBeNamed: 'maybe' },
      'Please choose whether we may mention your name',
    ],
    ['business-contact', 'business_contact', { ...businessContact(), company: 'x'.repeat(121) }, 'Please use at most 120 characters'],
    ['providers-contact', 'providers_contact', { firstName: '', lastName: 'Wu', email: uniqueEmail() }, 'Please enter your first name'],
    ['providers-contact', 'providers_contact', { firstName: 'Dana', lastName: '', email: uniqueEmail() }, 'Please enter your last name'],
    ['providers-contact', 'providers_contact', { firstName: 'Dana', lastName: 'Wu', email: '' }, 'Please enter a valid email'],
    ['whitepaper', 'whitepaper', { firstName: 'Dana', lastName: 'Wu', email: 'dana', company: 'Acme' }, 'Please enter a valid work email'],
    [
      'whitepaper',
      'whitepaper',
      { firstName: 'Dana', lastName: 'Wu', email: uniqueEmail(), company: ' ' },
      'Please enter your company name',
    ],
    ['provider-referral', 'provider_referral', { ...referral(), yourFirstName: '' }, 'Please enter your first name'],
    ['provider-referral', 'provider_referral', { ...referral(), yourLastName: '' }, 'Please enter your last name'],
    ['provider-referral', 'provider_referral', { ...referral(), yourEmail: 'me' }, 'Please enter a valid email'],
    ['provider-referral', 'provider_referral', { ...referral(), providerFirstName: '' }, "Please enter the provider's first name"],
    ['provider-referral', 'provider_referral', { ...referral(), providerLastName: '' }, "Please enter the provider's last name"],
    ['provider-referral', 'provider_referral', { ...referral(), providerType: 'Wizard' }, 'Please choose what kind of provider they are'],
    ['provider-referral', 'provider_referral', { ...referral(), providerEmail: 'doc@' }, 'Please enter a valid email for the provider'],
    [
      'provider-referral',
      'provider_referral',
      referral('same@example.com', 'SAME@example.com'),
      "The provider's email must be different from yours",
    ],
    ['sample-plan', 'sample_plan', { email: 'not an email' }, 'Please enter a valid email'],
    ['sample-plan', 'sample_plan', {}, 'Please enter a valid email'],
  ];

  it.each(refusals)('%s refuses bad input (%#) with a message and stores nothing', async (path, kind, body, message) => {
    const before = (await rowsOf(kind)).length;
    const response = await new Visitor(shop.app).post(`/api/leads/${path}`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'VALIDATION_FAILED', message });
    expect((await rowsOf(kind)).length).toBe(before);
  });

  it('refuses fields the form does not have', async () => {
    const response = await new Visitor(shop.app).post('/api/leads/sample-plan', { email: uniqueEmail(), role: 'operator' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });

  it('refuses a form sent from another site', async () => {
    const response = await new Visitor(shop.app).post(
      '/api/leads/sample-plan',
      { email: uniqueEmail() },
      { origin: 'https://evil.example' },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('CSRF_REFUSED');
  });

  it('limits how often one address sends a form, and stores nothing past the limit', async () => {
    const address = '127.7.7.7';
    const { max } = leadLimit('providers_contact');
    for (let attempt = 0; attempt < max; attempt++) {
      const body = { firstName: 'Bot', lastName: 'Net', email: uniqueEmail('burst') };
      expect((await new Visitor(shop.app, address).post('/api/leads/providers-contact', body)).statusCode).toBe(200);
    }
    const extra = uniqueEmail('burst');
    const blocked = await new Visitor(shop.app, address).post('/api/leads/providers-contact', {
      firstName: 'Bot',
      lastName: 'Net',
      email: extra,
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ code: 'TOO_MANY_REQUESTS', message: expect.stringMatching(/^Too many attempts\./) });
    expect((await rowsOf('providers_contact')).some((row) => row.email === extra)).toBe(false);
    // another form, and another address, still go through
    expect((await new Visitor(shop.app, address).post('/api/leads/sample-plan', { email: extra })).statusCode).toBe(200);
    const elsewhere = await new Visitor(shop.app).post('/api/leads/providers-contact', { firstName: 'Ann', lastName: 'Lee', email: extra });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('shows the stored leads to staff only', async () => {
    const email = uniqueEmail('listed');
    await new Visitor(shop.app).post('/api/leads/sample-plan', { email });
    expect((await new Visitor(shop.app).get('/api/admin/leads')).statusCode).toBe(401);
    const operator = await staffVisitor(shop, 'operator');
    const listed = await operator.get(`/api/admin/leads?kind=sample_plan&email=${encodeURIComponent(email.toUpperCase())}`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().leads).toEqual([expect.objectContaining({ kind: 'sample_plan', email, fields: { email } })]);
  });
});
