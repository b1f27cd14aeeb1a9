import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { BEAT_EVERY_MS, beat } from '../src/jobs/heartbeat.ts';
import { mountAreas } from '../src/auth/areas.ts';
import { parseEnv } from '../src/env.ts';
import { createTestShop, staffVisitor, uniqueEmail, Visitor, type TestShop } from './helpers.ts';

/**
 * Every route of the API, under every spelling of its path a client can send, as every kind of
 * person: the console answers its own team only, and a stranger's request never reaches a handler.
 */

type Identity = 'anonymous' | 'customer' | 'support' | 'clinician' | 'operator' | 'coach';
const identities: Identity[] = ['anonymous', 'customer', 'support', 'clinician', 'operator', 'coach'];
/** A console route that names no roles: the team who run orders. Health coaches see their coaching pages only. */
const orderTeam: Identity[] = ['support', 'clinician', 'operator'];

/** Who may use each console route, written here independently of the code that enforces it. */
const consoleRules: Record<string, Identity[]> = {
  'GET /api/admin/outbox': ['operator'],
  // who read whose data is itself sensitive: the operators answer for it
  'GET /api/admin/audit': ['operator'],
  // the job queue and its retries are the operators' (a job's error may name a mail server or a person)
  'GET /api/admin/jobs': ['operator'],
  'POST /api/admin/jobs/{id}/retry': ['operator'],
  'POST /api/admin/jobs/{id}/discard': ['operator'],
  'GET /api/admin/affiliates': ['operator', 'support'],
  'POST /api/admin/affiliates/ledger/{id}/void': ['operator'],
  // affiliate applications are decided by operators
  'POST /api/admin/affiliates/{id}/approve': ['operator'],
  'POST /api/admin/affiliates/{id}/decline': ['operator'],
  // leads and payouts (Stripe Connect account ids) are personal and financial data: operators only
  'GET /api/admin/leads': ['operator'],
  'GET /api/admin/leads.csv': ['operator'],
  'GET /api/admin/payouts': ['operator'],
  'GET /api/admin/payouts/batch.csv': ['operator'],
  'POST /api/admin/payouts/accounts': ['operator'],
  'POST /api/admin/coupons': ['operator'],
  'POST /api/admin/orders/{id}/approve': ['clinician'],
  'POST /api/admin/orders/{id}/decline': ['clinician'],
  'POST /api/admin/orders/{id}/refund': ['operator'],
  'POST /api/admin/orders/{id}/cancel': ['operator'],
  'POST /api/admin/orders/{id}/resend-email': ['operator', 'support'],
  'POST /api/admin/orders/{id}/guarantee': ['operator'],
  'POST /api/admin/orders/{id}/kits/{kitSlug}/ship': ['operator'],
  'POST /api/admin/orders/{id}/kits/{kitSlug}/sample-received': ['operator'],
  'POST /api/admin/orders/{id}/results/{kitSlug}': ['clinician', 'operator'],
  'GET /api/admin/subscriptions': ['operator', 'support'],
  'POST /api/admin/subscriptions/deliveries/{id}/ship': ['operator'],
  // a renewing price changes only with the members' notice: operators
  'GET /api/admin/subscriptions/price-changes': ['operator'],
  'POST /api/admin/subscriptions/price-changes': ['operator'],
  'GET /api/admin/coaching/slots': ['coach', 'operator'],
  'POST /api/admin/coaching/slots': ['coach', 'operator'],
  'POST /api/admin/coaching/slots/{id}/cancel': ['coach', 'operator'],
  // the nutritional plan's queue shows clocks, not health: operators watch it; only reviewers open labs
  'GET /api/admin/lab-reviews': ['clinician', 'coach', 'operator'],
  'GET /api/admin/lab-reviews/{id}': ['clinician', 'coach'],
  'GET /api/admin/lab-reviews/{id}/files/{fileId}': ['clinician', 'coach'],
  'POST /api/admin/lab-reviews/{id}/plan': ['clinician', 'coach'],
  // reports members uploaded from other labs: entered by those who enter an order's results by hand
  'GET /api/admin/outside-reports': ['clinician', 'operator'],
  'GET /api/admin/outside-reports/{id}': ['clinician', 'operator'],
  'GET /api/admin/outside-reports/{id}/file': ['clinician', 'operator'],
  'POST /api/admin/outside-reports/{id}/results': ['clinician', 'operator'],
  // customers' messages: support answers them, operators run the shop; clinicians and coaches do not read them
  'GET /api/admin/messages': ['support', 'operator'],
  'GET /api/admin/messages/{id}': ['support', 'operator'],
  'POST /api/admin/messages/{id}/replies': ['support', 'operator'],
  'POST /api/admin/messages/{id}/close': ['support', 'operator'],
  'POST /api/admin/messages/{id}/collection': ['support', 'operator'],
  // bringing people onto the team is an operator's alone
  'GET /api/admin/staff/invitations': ['operator'],
  // clinicians' licences are kept by operators (a clinician may not license themselves)
  'GET /api/admin/clinicians': ['operator'],
  'POST /api/admin/clinicians/{id}/licences': ['operator'],
  'POST /api/admin/clinicians/{id}/licences/{state}/remove': ['operator'],
  'POST /api/admin/staff/invitations': ['operator'],
  'POST /api/admin/staff/invitations/{id}/resend': ['operator'],
  'POST /api/admin/staff/invitations/{id}/revoke': ['operator'],
  // experiments: the team reads the report; operators decide
  'POST /api/admin/experiments/{id}/variants/off': ['operator'],
  'POST /api/admin/experiments/{id}/end': ['operator'],
  // browsers' error reports: operators alone, however scrubbed
  'GET /api/admin/client-errors': ['operator'],
  // employer groups are set up by operators
  'GET /api/admin/clinics': ['operator', 'support'],
  'GET /api/admin/clinics/{id}': ['operator', 'support'],
  'GET /api/admin/employers': ['operator'],
  'POST /api/admin/employers': ['operator'],
  'GET /api/admin/employers/{id}': ['operator'],
  'PUT /api/admin/employers/{id}': ['operator'],
  'POST /api/admin/employers/{id}/codes': ['operator'],
  'POST /api/admin/employers/{id}/census': ['operator'],
  'GET /api/admin/employers/{id}/admins': ['operator'],
  'POST /api/admin/employers/{id}/admins': ['operator'],
  'POST /api/admin/employers/{id}/admins/revoke': ['operator'],
  // a prepaid group's money: its bank, its billing mode and the top-ups the employer paid
  'GET /api/admin/employers/{id}/bank': ['operator'],
  'PUT /api/admin/employers/{id}/billing-mode': ['operator'],
  'POST /api/admin/employers/{id}/bank/top-ups': ['operator'],
  'POST /api/admin/employers/{id}/bank/corrections': ['operator'],
  // demo requests become employer groups: operators work the pipeline
  'GET /api/admin/demo-requests': ['operator'],
  'GET /api/admin/demo-requests/{id}': ['operator'],
  'POST /api/admin/demo-requests/{id}/status': ['operator'],
  'POST /api/admin/demo-requests/{id}/notes': ['operator'],
  'POST /api/admin/demo-requests/{id}/employer-group': ['operator'],
  // and their invoices are the operators' too
  'GET /api/admin/employers/{id}/invoices': ['operator'],
  'GET /api/admin/employers/{id}/invoices/{invoiceId}': ['operator'],
  'GET /api/admin/employers/{id}/invoices/{invoiceId}/invoice.pdf': ['operator'],
  'POST /api/admin/employers/{id}/invoices/{invoiceId}/status': ['operator'],
  // held results are health data, and reaching the person is a clinician's work (decision 0065)
  'GET /api/admin/result-holds': ['clinician'],
  'GET /api/admin/result-holds/{id}': ['clinician'],
  'POST /api/admin/result-holds/{id}/attempts': ['clinician'],
  'POST /api/admin/result-holds/{id}/release': ['clinician'],
  // the texts sent to members (asking them to call back) are the operators' to read, as the outbox is
  'GET /api/admin/texts': ['operator'],
  // a rejected sample: the lab's word entered by operators or clinicians; a second failure is a clinician's to decide (decision 0066)
  'POST /api/admin/orders/{id}/kits/{kitSlug}/reject-sample': ['clinician', 'operator'],
  'GET /api/admin/kit-tasks': ['clinician', 'operator'],
  'POST /api/admin/kit-tasks/{id}/replace': ['clinician'],
  'POST /api/admin/kit-tasks/{id}/refund': ['clinician'],
  // charges not taken and their retries move money: operators
  'GET /api/admin/billing/stuck': ['operator'],
  'POST /api/admin/billing/programs/{orderId}/retry': ['operator'],
  'POST /api/admin/billing/renewals/{deliveryId}/retry': ['operator'],
};

/** The better-auth routes, which the OpenAPI document leaves out. */
const authRoutes = ['/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/auth/request-password-reset', '/api/auth/reset-password'];

interface Route {
  method: string;
  /** as the OpenAPI document writes it, `{id}` for a parameter */
  template: string;
}

function allowedFor(route: Route): Identity[] {
  // the employer portal answers employer admins alone, none of the identities walked here
  if (route.template.startsWith('/api/business')) return [];
  // the affiliates' area answers to affiliates only, none of these
  if (route.template.startsWith('/api/affiliate/')) return [];
  // the provider area answers to clinics' members only, none of these
  if (route.template.startsWith('/api/providers/')) return [];
  // the member's account answers anyone signed in, and a stranger never reaches a handler
  if (route.template.startsWith('/api/account/')) return identities.filter((identity) => identity !== 'anonymous');
  if (!route.template.startsWith('/api/admin')) return identities;
  return consoleRules[`${route.method} ${route.template}`] ?? orderTeam;
}

function fill(template: string): string {
  return template.replace(/\{(\w+)\}/g, (_match, name: string) =>
    name === 'kitSlug' ? 'food-sensitivity' : name === 'testId' ? 'cortisol' : randomUUID(),
  );
}

/** The same path as a client might spell it: each either reaches the route or no route at all. */
export function spellings(path: string): string[] {
  const segments = path.split('/').slice(1);
  const encodeFirst = (segment: string, upper: boolean) => {
    const hex = segment.charCodeAt(0).toString(16);
    return `%${upper ? hex.toUpperCase() : hex}${segment.slice(1)}`;
  };
  const join = (parts: string[]) => `/${parts.join('/')}`;
  return [
    path,
    join(segments.map((segment, index) => (index === 1 ? encodeFirst(segment, false) : segment))),
    join(segments.map((segment, index) => (index === segments.length - 1 ? encodeFirst(segment, true) : segment))),
    join(segments.map((segment) => [...segment].map((char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`).join(''))),
    `/${path}`,
    path.replace('/api/', '/api//'),
    `${path}/`,
    `${path}//`,
    path.toUpperCase(),
    path.replace('/api/', '/Api/'),
    `${path};x=1`,
    path.replace(/^\/api\/(\w+)/, '/api/$1;x'),
    path.replace('/api/', '/api/./'),
    path.replace('/api/', '/api/x/../'),
    `${path}?x=/api/health`,
  ];
}

function codeOf(body: string): string | undefined {
  try {
    return (JSON.parse(body) as { code?: string }).code;
  } catch {
    return 'not JSON';
  }
}

let shop: TestShop;
const visitors = new Map<Identity, Visitor>();
let routes: Route[];
let lastBeat = 0;

/** Beats again as a worker would, so the walk's readiness probe still finds it alive however slow the walk is. */
async function keepWorkerAlive() {
  if (Date.now() - lastBeat < BEAT_EVERY_MS) return;
  await beat(shop.database.db, 'authorisation-walk', false);
  lastBeat = Date.now();
}

beforeAll(async () => {
  shop = await createTestShop();
  // a worker alive, as in any running shop: the readiness probe answers 200 rather than its 503
  await beat(shop.database.db, 'authorisation-walk', true);
  lastBeat = Date.now();
  visitors.set('anonymous', new Visitor(shop.app));
  const customer = new Visitor(shop.app);
  const signUp = await customer.post('/api/checkout/account', { email: uniqueEmail(), password: 'Sup3r-secret!' });
  expect(signUp.statusCode).toBe(200);
  visitors.set('customer', customer);
  for (const role of ['support', 'clinician', 'operator', 'coach'] as const) visitors.set(role, await staffVisitor(shop, role));

  const document = shop.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(document.paths).flatMap(([template, methods]) =>
    Object.keys(methods)
      .filter((method) => method !== 'parameters')
      .map((method) => ({ method: method.toUpperCase(), template })),
  );
  routes.push(...authRoutes.map((template) => ({ method: 'POST', template })));
});
afterAll(() => shop.close());

describe('authorisation, walked over every route', () => {
  it('finds the console routes in the OpenAPI document', () => {
    const console = routes.filter((route) => route.template.startsWith('/api/admin'));
    expect(console.length).toBeGreaterThanOrEqual(19);
    const account = routes.filter((route) => route.template.startsWith('/api/account/'));
    expect(account.length).toBeGreaterThanOrEqual(40);
    for (const rule of Object.keys(consoleRules)) expect(routes.map((route) => `${route.method} ${route.template}`)).toContain(rule);
  });

  // every route × 15 spellings × 6 identities: several thousand requests, longer than a test's usual 30 s on a busy machine
  it(
    'answers the console only to its roles, under every spelling of every path, before reading the body',
    { timeout: 300_000 },
    async () => {
      const failures: string[] = [];
      for (const route of routes) {
        await keepWorkerAlive();
        const allowed = allowedFor(route);
        const guarded = allowed.length < identities.length;
        const memberArea = route.template.startsWith('/api/account/');
        const path = fill(route.template);
        for (const identity of identities) {
          // signing in or out as someone else would change who the next request is
          if (identity !== 'anonymous' && route.template.startsWith('/api/auth/')) continue;
          // the member's account is one area open to every signed-in role: its own people need one spelling, strangers all
          const everySpelling = identity === 'anonymous' || (guarded && !(memberArea && allowed.includes(identity)));
          for (const url of everySpelling ? spellings(path) : [path]) {
            const response = await visitors.get(identity)!.request({
              method: route.method,
              url,
              ...(route.method === 'GET' ? {} : { payload: { unexpected: '\u{1F600}'.repeat(3) } }),
            });
            const status = response.statusCode;
            const where = `${identity} ${route.method} ${url} → ${status} ${response.body.slice(0, 120)}`;
            if (status >= 500) failures.push(`server error: ${where}`);
            if (!guarded) continue;
            if (allowed.includes(identity)) {
              // an area refuses with 401 or FORBIDDEN; a handler's own rule (Base Daily's MEMBERS_ONLY) is not the area's
              if (status === 401 || (status === 403 && codeOf(response.body) === 'FORBIDDEN')) {
                failures.push(`refused its own role: ${where}`);
              }
              continue;
            }
            const expected = identity === 'anonymous' ? 401 : 403;
            // a spelling that matches no route is the router's 404, never a handler's (ORDER_NOT_FOUND…)
            const missed = status === 404 && [undefined, 'NOT_FOUND'].includes(codeOf(response.body));
            if (status !== expected && !missed) failures.push(`let in or judged the body: ${where}`);
          }
        }
      }
      expect(failures).toEqual([]);
    },
  );

  it('refuses the spellings that once opened the outbox to anyone', async () => {
    const anonymous = visitors.get('anonymous')!;
    for (const url of ['/api/%61dmin/outbox', '/api/admi%6E/outbox', '/api/admin/outbox/', '/api/admin/outbox?to=victim@example.com']) {
      const response = await anonymous.get(url);
      expect(response.statusCode, url).toBe(401);
      expect(response.json().code).toBe('UNAUTHENTICATED');
    }
  });

  it('answers a stranger with a bad body 401, not 400', async () => {
    const response = await visitors.get('anonymous')!.post('/api/admin/coupons', { code: 7 });
    expect(response.statusCode).toBe(401);
    const customer = await visitors.get('customer')!.post('/api/admin/coupons', { code: 7 });
    expect(customer.statusCode).toBe(403);
    const support = await visitors.get('support')!.post('/api/admin/coupons', { code: 7 });
    expect(support.statusCode).toBe(403);
    const operator = await visitors.get('operator')!.post('/api/admin/coupons', { code: 7 });
    expect(operator.statusCode).toBe(400);
  });

  it('opens the console to a health coach for coaching and lab reviews alone', async () => {
    const coach = visitors.get('coach')!;
    for (const url of [
      '/api/admin/orders',
      `/api/admin/orders/${randomUUID()}`,
      '/api/admin/customers',
      '/api/admin/leads',
      '/api/admin/outbox',
    ]) {
      expect((await coach.get(url)).statusCode, url).toBe(403);
    }
    expect((await coach.get('/api/admin/coaching/slots')).statusCode).toBe(200);
    expect((await coach.get('/api/admin/lab-reviews')).statusCode).toBe(200);
  });
});

describe('areas', () => {
  const env = () => parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: mkdtempSync(join(tmpdir(), 'shop-areas-')) });
  const stray: FastifyPluginAsync = async (app) => {
    app.get('/admin/stray', async () => ({ ok: true }));
  };

  /** The shop's app on the test database, to mount more on. */
  const bareApp = () =>
    buildApp({
      env: env(),
      db: shop.database.db,
      pingDatabase: shop.database.ping,
      authSecret: 'test-secret-that-is-long-enough-for-better-auth',
      logger: false,
    });

  it('refuses to start with a console route registered outside the console', async () => {
    const app = await bareApp();
    await app.register(
      async (api) => {
        await mountAreas(api, [{ name: 'console', prefix: '/admin', roles: ['operator'], routes: [] }]);
        await api.register(stray);
      },
      { prefix: '/api' },
    );
    await expect(app.ready()).rejects.toThrow('GET /api/admin/stray lies under the console area but was registered outside it');
    await app.close();
  });

  it('refuses a route that would widen its area to more roles', async () => {
    const widening: FastifyPluginAsync = async (app) => {
      app.get('/wide', { config: { roles: ['customer'] } }, async () => ({ ok: true }));
    };
    const app = await bareApp();
    await expect(
      app
        .register(
          async (api) => {
            await mountAreas(api, [{ name: 'console', prefix: '/admin', roles: ['operator'], routes: [widening] }]);
          },
          { prefix: '/x' },
        )
        .ready(),
    ).rejects.toThrow('/x/admin/wide would let customer into the console area');
    await app.close();
  });
});
