import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rateLimitCounters } from '@shop/db';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adultAnswers, createTestShop, staffVisitor, uniqueEmail, Visitor, type TestShop, everyConsent, quizConsent } from './helpers.ts';

/**
 * Strings PostgreSQL cannot take (NUL) or UTF-8 cannot write (a lone surrogate), sent in every
 * path parameter, query parameter and body field of every route the app documents: each is
 * refused with a 4xx, never a 500. The routes are read from the app itself, so a route added or
 * moved tomorrow is covered without touching this file.
 */

const hostileStrings = ['\u0000', 'ann\u0000@example.com', 'before\uD800after', 'before\uDC00after'];

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  minimum?: number;
  minItems?: number;
  pattern?: string;
}

interface Operation {
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** One field of a request that takes text: where it sits and a harmless value for it. */
type Slot = { part: 'path' | 'query'; name: string } | { part: 'body'; path: (string | number)[] };

interface Route {
  method: string;
  /** as the OpenAPI document writes it, `{id}` for a parameter */
  template: string;
  query: { name: string; required: boolean; schema: JsonSchema }[];
  body?: JsonSchema;
}

/**
 * The better-auth doors, which the OpenAPI document leaves out, with the body each reads; the
 * other fields are valid, so the library gets as far as the database with the hostile one.
 */
const authRoutes: { template: string; body: JsonSchema }[] = [
  { template: '/api/auth/sign-in/email', body: objectOf({ email: uniqueEmail('fuzz'), password: 'Sup3r-secret!' }) },
  { template: '/api/auth/sign-up/email', body: objectOf({ email: uniqueEmail('fuzz'), password: 'Sup3r-secret!', name: 'Ann' }) },
  { template: '/api/auth/request-password-reset', body: objectOf({ email: uniqueEmail('fuzz'), redirectTo: '/new-password' }) },
  { template: '/api/auth/reset-password', body: objectOf({ newPassword: 'Sup3r-secret!', token: 'a-token-from-an-e-mail' }) },
];

function objectOf(fields: Record<string, string>): JsonSchema {
  return {
    type: 'object',
    properties: Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, { type: 'string', default: value }])),
  };
}

function routesOf(document: { paths: Record<string, Record<string, Operation>> }): Route[] {
  const documented = Object.entries(document.paths).flatMap(([template, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      template,
      query: (operation.parameters ?? [])
        .filter((parameter) => parameter.in === 'query')
        .map((parameter) => ({ name: parameter.name, required: parameter.required === true, schema: parameter.schema ?? {} })),
      body: operation.requestBody?.content?.['application/json']?.schema,
    })),
  );
  return [...documented, ...authRoutes.map(({ template, body }) => ({ method: 'POST', template, query: [], body }))];
}

function branch(schema: JsonSchema): JsonSchema {
  return schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0] ?? schema;
}

function typeOf(schema: JsonSchema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type;
}

/** A value the schema accepts, or near enough: a request that fails on it still tried the slot. */
function sample(schema: JsonSchema): unknown {
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const chosen = branch(schema);
  if (chosen !== schema) return sample(chosen);
  switch (typeOf(schema)) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, field]) => [name, sample(field)]));
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sample(schema.items ?? {}));
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
  }
  if (schema.format === 'uuid') return randomUUID();
  if (schema.format === 'email') return uniqueEmail('fuzz');
  if (schema.format === 'date') return '1990-04-12';
  if (schema.format === 'date-time') return new Date().toISOString();
  if (schema.pattern?.includes('\\d{5}')) return '10001';
  return 'text';
}

/** The places in a body that take text: string fields, fields of any type, and free-form records. */
function textPaths(schema: JsonSchema, path: (string | number)[] = []): (string | number)[][] {
  const chosen = branch(schema);
  if (chosen !== schema) return textPaths(chosen, path);
  if (schema.enum || schema.const !== undefined) return [];
  const type = typeOf(schema);
  if (type === 'object') {
    const fields = Object.entries(schema.properties ?? {}).flatMap(([name, field]) => textPaths(field, [...path, name]));
    // a record whose keys the service checks: a field of its own carries the string
    return schema.additionalProperties && !schema.properties ? [...fields, [...path, 'field']] : fields;
  }
  if (type === 'array') return textPaths(schema.items ?? {}, [...path, 0]);
  return type === undefined || type === 'string' ? [path] : [];
}

function withValue(body: unknown, path: (string | number)[], value: string): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return value;
  const copy = (Array.isArray(body) ? [...body] : { ...(body as object) }) as Record<string | number, unknown>;
  copy[key] = withValue(copy[key], rest, value);
  return copy;
}

/** Percent-encoding for a URL, a lone surrogate as the three bytes it would have in UTF-8's scheme. */
function encode(text: string): string {
  return [...text]
    .map((character) => {
      const unit = character.charCodeAt(0);
      if (unit < 0xd800 || unit > 0xdfff || character.length === 2) return encodeURIComponent(character);
      return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    })
    .join('');
}

function slotsOf(route: Route): Slot[] {
  const pathSlots = [...route.template.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({ part: 'path' as const, name: name! }));
  const querySlots = route.query.filter(({ schema }) => textPaths(schema).length > 0).map(({ name }) => ({ part: 'query' as const, name }));
  const bodySlots = route.body ? textPaths(route.body).map((path) => ({ part: 'body' as const, path })) : [];
  return [...pathSlots, ...querySlots, ...bodySlots];
}

/** The request for a route with one slot holding the hostile string and every other field harmless. */
function requestFor(route: Route, slot: Slot, hostile: string): InjectOptions & { url: string } {
  const pathValue = (name: string) =>
    slot.part === 'path' && slot.name === name ? hostile : name === 'kitSlug' ? 'food-sensitivity' : randomUUID();
  const path = route.template.replace(/\{(\w+)\}/g, (_match, name: string) => encode(pathValue(name)));
  const query = route.query
    .filter(({ name, required }) => required || (slot.part === 'query' && slot.name === name))
    .map(({ name, schema }) => `${name}=${encode(slot.part === 'query' && slot.name === name ? hostile : String(sample(schema)))}`);
  const url = query.length ? `${path}?${query.join('&')}` : path;
  const headers = { 'idempotency-key': randomUUID() };
  if (!route.body) return { method: route.method, url, headers };
  const body = sample(route.body);
  return {
    method: route.method,
    url,
    headers,
    payload: (slot.part === 'body' ? withValue(body, slot.path, hostile) : body) as InjectOptions['payload'],
  };
}

function describeSlot(slot: Slot): string {
  return slot.part === 'body' ? `body.${slot.path.join('.')}` : `${slot.part}.${slot.name}`;
}

let shop: TestShop;
let routes: Route[];
let operator: Visitor;

beforeAll(async () => {
  shop = await createTestShop();
  routes = routesOf(shop.app.swagger() as { paths: Record<string, Record<string, Operation>> });
  operator = await staffVisitor(shop, 'operator');
  // with a cart, placing an order gets as far as the payment method
  const quiz = await operator.post('/api/quiz-results', { variant: 'quiz', answers: adultAnswers, consent: quizConsent });
  const added = await operator.post('/api/cart/items', { productCode: 'base-quiz', quizResultId: quiz.json().id });
  expect(added.statusCode).toBe(200);
});
afterAll(() => shop.close());

describe('hostile strings in every field of every route', () => {
  it('finds the routes and the fields to fill', () => {
    expect(routes.length).toBeGreaterThan(60);
    const fields = routes.flatMap((route) => slotsOf(route).map((slot) => `${route.method} ${route.template} ${describeSlot(slot)}`));
    expect(fields).toEqual(
      expect.arrayContaining([
        'GET /api/admin/orders query.q',
        'POST /api/checkout/orders body.paymentMethod',
        'POST /api/auth/sign-in/email body.email',
      ]),
    );
  });

  it.each([
    ['an anonymous visitor', () => new Visitor(shop.app)],
    ['a signed-in operator', () => operator],
  ])('answers %s with a 4xx, never a 5xx', async (_who, visitorFor) => {
    const failures: string[] = [];
    for (const route of routes) {
      // signing in or up as someone else would change who the operator's next request is
      if (route.template.startsWith('/api/auth/') && visitorFor() === operator) continue;
      for (const slot of slotsOf(route)) {
        for (const hostile of hostileStrings) {
          const response = await visitorFor().request(requestFor(route, slot, hostile));
          const where = `${route.method} ${route.template} ${describeSlot(slot)}=${JSON.stringify(hostile)} → ${response.statusCode} ${response.body.slice(0, 120)}`;
          if (response.statusCode >= 500) failures.push(`server error: ${where}`);
          // the error handler's net under the schemas: a request caught there got past them
          if (response.body.includes('"INVALID_CHARACTER"')) failures.push(`reached the database: ${where}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('bodies of the wrong shape on every route that takes one', () => {
  const deep = `${'['.repeat(5_000)}${']'.repeat(5_000)}`;
  const wrongShapes: [string, string][] = [
    ['nested 5,000 deep', deep],
    ['nested 5,000 deep in an object', `{"a":${deep}}`],
    ['a list', '[]'],
    ['a number', '42'],
    ['a string', '"sign me out"'],
    ['null', 'null'],
  ];

  it.each(wrongShapes)('answers a body %s with a 4xx, never a 5xx', async (_shape, payload) => {
    const bodied = new Set([
      ...routes.filter((route) => ['POST', 'PUT', 'PATCH'].includes(route.method)).map((route) => `${route.method} ${route.template}`),
      ...authRoutes.map((route) => `POST ${route.template}`),
      'POST /api/auth/sign-out',
    ]);
    expect(bodied.size).toBeGreaterThan(40);
    const failures: string[] = [];
    for (const route of bodied) {
      const [method, template] = route.split(' ') as ['POST', string];
      const url = template.replace(/\{[^}]+\}/g, randomUUID());
      const response = await new Visitor(shop.app).request({ method, url, payload, headers: { 'content-type': 'application/json' } });
      if (response.statusCode >= 500) failures.push(`${route} → ${response.statusCode} ${response.body.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
  });

  it('names what is wrong with a deep body at sign-out', async () => {
    const response = await new Visitor(shop.app).request({
      method: 'POST',
      url: '/api/auth/sign-out',
      payload: `{"a":${deep}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'The request nests lists or objects too deeply.' });
  });

  it('refuses a list where sign-out takes an object', async () => {
    const response = await new Visitor(shop.app).request({
      method: 'POST',
      url: '/api/auth/sign-out',
      payload: '[1]',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The request body must be a JSON object.');
  });
});

describe('the fields the fuzzing once broke', () => {
  it.each([
    ['/api/admin/orders?q=%00', 'q'],
    ['/api/admin/customers?q=ann%00', 'q'],
    ['/api/admin/leads?email=%00', 'email'],
    ['/api/admin/outbox?to=%00', 'to'],
  ])('refuses %s naming the field', async (url, field) => {
    const response = await operator.get(url);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: `${field}: This field contains a character that is not allowed.`,
    });
  });

  it('refuses a customer id with a NUL', async () => {
    const response = await operator.post('/api/admin/customers/%00/minor', {});
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('id: This field contains a character that is not allowed.');
  });

  it('refuses a payment method with a NUL before it is charged', async () => {
    const response = await operator.post(
      '/api/checkout/orders',
      { testedState: 'TX', consents: everyConsent, paymentMethod: 'pm_\u0000' },
      { 'idempotency-key': randomUUID() },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('paymentMethod: This field contains a character that is not allowed.');
  });

  it.each([
    ['/api/auth/sign-in/email', { email: 'ann\u0000@example.com', password: 'Sup3r-secret!' }],
    ['/api/auth/sign-in/email', { email: 'ann\uD800@example.com', password: 'Sup3r-secret!' }],
    ['/api/auth/request-password-reset', { email: '\u0000' }],
    ['/api/auth/request-password-reset', { email: 'ann\uDC00@example.com' }],
  ])('refuses an e-mail with a forbidden character at %s before a limit counts it', async (url, body) => {
    const counters = async () => (await shop.database.db.select({ count: sql<number>`count(*)::int` }).from(rateLimitCounters))[0]?.count;
    const before = await counters();
    const response = await new Visitor(shop.app).post(url, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'email: This field contains a character that is not allowed.' });
    expect(await counters()).toBe(before);
  });

  it.each([42, null, ['ann@example.com'], 'plainaddress', `${'a'.repeat(300)}@example.com`])(
    'refuses the e-mail %j at sign-in before a limit counts it',
    async (email) => {
      const response = await new Visitor(shop.app).post('/api/auth/sign-in/email', { email, password: 'Sup3r-secret!' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'Please enter a valid email' });
    },
  );

  it.each([
    ['/api/auth/sign-in/email', { email: uniqueEmail('nul'), password: 'Sup3r-\u0000secret!' }],
    ['/api/auth/sign-up/email', { email: uniqueEmail('nul'), password: 'Sup3r-secret!\u0000', name: 'Ann' }],
    ['/api/auth/sign-up/email', { email: uniqueEmail('nul'), password: 'Sup3r-secret!', name: 'Ann\u0000' }],
    ['/api/auth/reset-password', { newPassword: 'Sup3r-secret!\u0000', token: 'token' }],
    ['/api/auth/reset-password', { newPassword: 'Sup3r-secret!', token: 'tok\u0000en' }],
  ])('refuses a NUL anywhere in the body of %s', async (url, body) => {
    const response = await new Visitor(shop.app).post(url, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });

  it('refuses a NUL in a better-auth path or query', async () => {
    const visitor = new Visitor(shop.app);
    expect((await visitor.get('/api/auth/reset-password/%00?callbackURL=/new-password')).statusCode).toBe(400);
    expect((await visitor.get('/api/auth/reset-password/token?callbackURL=%00')).statusCode).toBe(400);
  });
});
