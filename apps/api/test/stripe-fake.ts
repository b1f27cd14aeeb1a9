import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listParam, parseForm, type FormObject } from './stripe-fake/form.ts';
import { Ledger } from './stripe-fake/ledger.ts';
import { ApiError, invalidRequest, newId, type PaymentIntent, type SetupIntent } from './stripe-fake/objects.ts';

/**
 * A small local stand-in for the parts of Stripe's v1 API the shop's adapters call: customers,
 * PaymentIntents, SetupIntents, refunds, Connect transfers and invoices, with form-encoded bodies, Stripe's test payment
 * methods, its error shapes and statuses, and idempotency keys that replay the first answer.
 * Tests point the real `stripe` SDK at it; a developer can run it on its own (see the end).
 */

export interface ReceivedRequest {
  method: string;
  path: string;
  query: FormObject;
  body: FormObject;
  idempotencyKey: string | null;
  stripeAccount: string | null;
  apiKey: string | null;
  /** the answer's status, and whether it replayed an earlier answer for the same key */
  status: number;
  replayed: boolean;
}

export interface StripeFake {
  url: string;
  ledger: Ledger;
  /** every request received, oldest first */
  requests: ReceivedRequest[];
  /** the customer authenticates (or fails to), or the bank settles a processing payment */
  complete(intentId: string, outcome: 'succeeded' | 'failed' | 'processing'): void;
  /** the customer pays an open invoice on its hosted page, or it is voided in the dashboard */
  settleInvoice(invoiceId: string, outcome: 'paid' | 'void'): void;
  /** the next `count` requests fail with a 500, as in an outage */
  failNext(count?: number): void;
  close(): Promise<void>;
}

type Route = {
  method: 'GET' | 'POST';
  path: RegExp;
  /** the parameters this API version knows; any other is refused, as Stripe does */
  params: readonly string[];
  answer: (ledger: Ledger, form: FormObject, id: string) => unknown;
};

const intentParams = [
  'customer',
  'payment_method',
  'confirm',
  'metadata',
  'description',
  'allowed_payment_method_types',
  'automatic_payment_methods',
  'return_url',
  'expand',
];

const routes: Route[] = [
  {
    method: 'POST',
    path: /^\/v1\/customers$/,
    params: ['email', 'name', 'phone', 'description', 'address', 'metadata', 'expand'],
    answer: (ledger, form) => ledger.createCustomer(form),
  },
  {
    method: 'POST',
    path: /^\/v1\/payment_intents$/,
    params: [
      ...intentParams,
      'amount',
      'currency',
      'off_session',
      'setup_future_usage',
      'capture_method',
      'receipt_email',
      'statement_descriptor_suffix',
    ],
    answer: (ledger, form) => expanded(ledger, form, () => ledger.createPaymentIntent(form)),
  },
  {
    method: 'GET',
    path: /^\/v1\/payment_intents\/([^/]+)$/,
    params: ['expand', 'client_secret'],
    answer: (ledger, form, id) => expanded(ledger, form, () => ledger.paymentIntents.get(id) ?? missing('payment_intent', id)),
  },
  {
    method: 'POST',
    path: /^\/v1\/setup_intents$/,
    params: [...intentParams, 'usage'],
    answer: (ledger, form) => expanded(ledger, form, () => ledger.createSetupIntent(form)),
  },
  {
    method: 'GET',
    path: /^\/v1\/setup_intents\/([^/]+)$/,
    params: ['expand', 'client_secret'],
    answer: (ledger, form, id) => expanded(ledger, form, () => ledger.setupIntents.get(id) ?? missing('setup_intent', id)),
  },
  {
    method: 'POST',
    path: /^\/v1\/refunds$/,
    params: ['payment_intent', 'charge', 'amount', 'reason', 'metadata', 'expand'],
    answer: (ledger, form) => ledger.refund(form),
  },
  {
    method: 'POST',
    path: /^\/v1\/transfers$/,
    params: ['amount', 'currency', 'destination', 'transfer_group', 'description', 'metadata', 'source_transaction'],
    answer: (ledger, form) => ledger.transfer(form),
  },
  {
    method: 'POST',
    path: /^\/v1\/invoices$/,
    params: [
      'customer',
      'collection_method',
      'days_until_due',
      'auto_advance',
      'description',
      'custom_fields',
      'metadata',
      'pending_invoice_items_behavior',
      'currency',
    ],
    answer: (ledger, form) => ledger.invoicing.create(form),
  },
  {
    method: 'POST',
    path: /^\/v1\/invoiceitems$/,
    params: ['customer', 'invoice', 'amount', 'currency', 'description', 'metadata'],
    answer: (ledger, form) => ledger.invoicing.addItem(form),
  },
  {
    method: 'POST',
    path: /^\/v1\/invoices\/([^/]+)\/finalize$/,
    params: ['auto_advance', 'expand'],
    answer: (ledger, _form, id) => ledger.invoicing.finalize(id),
  },
];

const expandable = ['payment_method', 'customer', 'latest_charge'] as const;

/** `expand[]` swaps an id for its object; the list is checked before anything is created. */
function expanded(ledger: Ledger, form: FormObject, load: () => PaymentIntent | SetupIntent): Record<string, unknown> {
  const fields = listParam(form, 'expand');
  const unknown = fields.find((field) => !(expandable as readonly string[]).includes(field));
  if (unknown) throw invalidRequest(`This property cannot be expanded (${unknown}).`, { param: 'expand' });
  const intent = load();
  const copy = structuredClone(intent) as unknown as Record<string, unknown>;
  for (const field of fields) {
    const id = copy[field];
    if (typeof id !== 'string') continue;
    copy[field] =
      field === 'payment_method' ? ledger.paymentMethods.get(id) : field === 'customer' ? ledger.customers.get(id) : ledger.charges.get(id);
  }
  return copy;
}

function missing(kind: string, id: string): never {
  throw invalidRequest(`No such ${kind}: '${id}'`, { code: 'resource_missing', param: 'intent', status: 404 });
}

// Stripe keeps the first answer for a key once the request began to act; a request refused
// before that (bad parameters, unknown route, bad key) leaves the key free to be used again.
const storedStatuses = (status: number) => status === 200 || status === 402 || status >= 500;

export async function startStripeFake(options: { port?: number; apiVersion?: string } = {}): Promise<StripeFake> {
  const ledger = new Ledger(options.apiVersion ?? '2026-10-28.endive');
  const requests: ReceivedRequest[] = [];
  const answered = new Map<string, { fingerprint: string; status: number; body: unknown; requestId: string }>();
  let failures = 0;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://stripe.fake');
    const raw = await readBody(req);
    const method = req.method ?? 'GET';
    const form = method === 'GET' ? parseForm(url.search.slice(1)) : parseForm(raw);
    const header = (name: string) => (typeof req.headers[name] === 'string' ? req.headers[name] : null);
    const apiKey = apiKeyOf(header('authorization'));
    const idempotencyKey = method === 'POST' ? header('idempotency-key') : null;
    const record: ReceivedRequest = {
      method,
      path: url.pathname,
      query: parseForm(url.search.slice(1)),
      body: method === 'GET' ? {} : form,
      idempotencyKey,
      stripeAccount: header('stripe-account'),
      apiKey,
      status: 0,
      replayed: false,
    };
    requests.push(record);
    const requestId = newId('req');
    const reply = (status: number, body: unknown, extra: Record<string, string> = {}) => {
      record.status = status;
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': requestId,
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        ...extra,
      });
      res.end(JSON.stringify(body));
    };

    if (failures > 0) {
      failures -= 1;
      return reply(500, { error: { type: 'api_error', message: 'An unknown error occurred while processing your request.' } });
    }
    if (!apiKey) return reply(401, { error: { type: 'invalid_request_error', message: 'You did not provide an API key.' } });
    // a fake must never be mistaken for the real thing: it refuses live keys
    if (!/^(sk|rk)_test_/.test(apiKey)) {
      return reply(401, { error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${apiKey.slice(0, 8)}****` } });
    }
    const route = routes.find((candidate) => candidate.method === method && candidate.path.test(url.pathname));
    if (!route) {
      return reply(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${url.pathname}).` } });
    }

    const unknownParam = Object.keys(form).find((name) => !route.params.includes(name));
    if (unknownParam) {
      return reply(400, {
        error: {
          type: 'invalid_request_error',
          code: 'parameter_unknown',
          param: unknownParam,
          message: `Received unknown parameter: ${unknownParam}`,
        },
      });
    }

    const scope = `${apiKey}|${record.stripeAccount ?? ''}|${idempotencyKey}`;
    const fingerprint = `${method} ${url.pathname} ${raw}`;
    const earlier = idempotencyKey ? answered.get(scope) : undefined;
    if (earlier && earlier.fingerprint !== fingerprint) {
      return reply(400, {
        error: {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
        },
      });
    }
    if (earlier) {
      record.replayed = true;
      return reply(earlier.status, earlier.body, { 'idempotent-replayed': 'true', 'original-request': earlier.requestId });
    }

    ledger.beginRequest(requestId, idempotencyKey);
    let status = 200;
    let body: unknown;
    try {
      body = route.answer(ledger, form, decodeURIComponent(route.path.exec(url.pathname)?.[1] ?? ''));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      status = error.status;
      body = error.body;
    }
    if (idempotencyKey && storedStatuses(status)) answered.set(scope, { fingerprint, status, body, requestId });
    reply(status, body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('The Stripe fake failed on a request', error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: 'The Stripe fake failed on this request.' } }));
    });
  });
  await new Promise<void>((done) => server.listen(options.port ?? 0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    ledger,
    requests,
    complete: (intentId, outcome) => ledger.complete(intentId, outcome),
    settleInvoice: (invoiceId, outcome) => void ledger.invoicing.settle(invoiceId, outcome),
    failNext(count = 1) {
      failures += count;
    },
    close: () =>
      new Promise<void>((done, fail) => {
        server.close((error) => (error ? fail(error) : done()));
        // the SDK keeps connections alive; without this, close waits for them to time out
        server.closeAllConnections();
      }),
  };
}

/** The SDK sends `Bearer <key>`; `curl -u <key>:` sends it as a Basic user name, which Stripe also takes. */
function apiKeyOf(authorization: string | null): string | null {
  const [scheme, value] = authorization?.split(' ', 2) ?? [];
  if (!value) return null;
  if (scheme === 'Bearer') return value;
  if (scheme === 'Basic') return Buffer.from(value, 'base64').toString('utf8').split(':', 1)[0] || null;
  return null;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((done, fail) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => done(Buffer.concat(chunks).toString('utf8')));
    req.on('error', fail);
  });
}

// `node --import tsx apps/api/test/stripe-fake.ts` runs it for development (Node 20 has no
// import.meta.main); STRIPE_FAKE_PORT picks the port, an ephemeral one otherwise.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const fake = await startStripeFake({ port: Number(process.env.STRIPE_FAKE_PORT ?? 0) });
  console.log(`Stripe fake listening on ${fake.url}`);
  console.log(
    `Point the shop at it: STRIPE_API_URL=${fake.url} STRIPE_SECRET_KEY=sk_test_fake STRIPE_PUBLISHABLE_KEY=pk_test_fake STRIPE_WEBHOOK_SECRET=whsec_fake`,
  );
  const stop = () => void fake.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
