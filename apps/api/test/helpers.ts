import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { emailOutbox, openDatabase, type DatabaseHandle } from '@shop/db';
import { consentKinds, healthDataConsentTexts, shareConsentKinds } from '@shop/core';
import { eq } from 'drizzle-orm';
import { inject } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app.ts';
import { storedEmail } from '../src/email/repository.ts';
import { parseEnv } from '../src/env.ts';
import type { LogDestination } from '../src/logging/logger.ts';
import { ensureDevelopmentLicences, ensureStaffAccount } from '../src/seed/operator.ts';
import type { Role } from '../src/auth/session.ts';
import type { PaymentGateway } from '../src/payments/port.ts';
import { createPostgresCopy, postgresTestMode } from './postgres.ts';

export interface TestShop {
  app: FastifyInstance;
  database: DatabaseHandle;
  engine: 'pglite' | 'postgres';
  /** the PostgreSQL database of this shop, for a second process to open; null on PGlite */
  url: string | null;
  close(): Promise<void>;
}

/** The API on a database of its own: a copy of the migrated template on PostgreSQL, or PGlite in memory. */
export async function createTestShop(
  options: {
    payments?: (db: DatabaseHandle['db']) => PaymentGateway;
    env?: Record<string, string>;
    /** the log's lines go here, from `info` up, instead of nowhere */
    log?: LogDestination;
  } = {},
): Promise<TestShop> {
  const env = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'shop-test-')),
    LOG_LEVEL: options.log ? 'info' : 'silent',
    ...options.env,
  });
  let database: DatabaseHandle;
  let drop = async () => {};
  let url: string | null = null;
  if (postgresTestMode()) {
    const copy = await createPostgresCopy();
    drop = copy.drop;
    url = copy.url;
    database = await openDatabase({ kind: 'postgres', url: copy.url, maxConnections: 20 });
  } else {
    database = await openDatabase({ kind: 'pglite-memory', from: new Blob([readFileSync(inject('pgliteTemplate'))]) });
  }
  const app = await buildApp({
    env,
    db: database.db,
    pingDatabase: database.ping,
    authSecret: 'test-secret-that-is-long-enough-for-better-auth',
    logger: options.log !== undefined,
    logDestination: options.log,
    payments: options.payments?.(database.db),
  });
  await app.ready();
  return {
    app,
    database,
    engine: database.kind,
    url,
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

/**
 * What production insists on, for a shop under test that runs as in production: a staging shop,
 * which keeps the built-in test gateway and the outbox the tests read.
 */
export const productionEnv = {
  NODE_ENV: 'production',
  SHOP_STAGING: '1',
  PUBLIC_URL: 'http://localhost:3000',
  AUTH_SECRET: 'a-production-secret-of-at-least-32-chars',
  RESULTS_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
} as const;

let visitors = 0;

/** A visitor: remembers the cookies the shop sets, as a browser does, and has an address of its own. */
export class Visitor {
  private readonly cookies = new Map<string, string>();
  readonly address: string;

  constructor(
    private readonly app: FastifyInstance,
    address?: string,
  ) {
    visitors += 1;
    this.address = address ?? `127.1.${Math.floor(visitors / 250) % 250}.${(visitors % 250) + 1}`;
  }

  async request(options: InjectOptions & { url: string }): Promise<LightMyRequestResponse> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await this.app.inject({
      remoteAddress: this.address,
      ...options,
      headers: { ...(cookie ? { cookie } : {}), ...options.headers },
    });
    for (const set of response.cookies) {
      if (set.maxAge === 0 || set.value === '') this.cookies.delete(set.name);
      else this.cookies.set(set.name, set.value);
    }
    return response;
  }

  get(url: string) {
    return this.request({ method: 'GET', url });
  }

  post(url: string, payload?: unknown, headers: Record<string, string> = {}) {
    return this.request({ method: 'POST', url, payload: payload as InjectOptions['payload'], headers });
  }

  /** The cookies it would send, all but those named, as a Cookie header. */
  cookiesExcept(...names: string[]): string {
    return [...this.cookies]
      .filter(([name]) => !names.some((excluded) => name.includes(excluded)))
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
  }

  /** One cookie, as `name=value`, for a test that hands it to someone else. */
  cookie(name: string): string {
    const found = [...this.cookies].find(([key]) => key.includes(name));
    if (!found) throw new Error(`no cookie ${name}`);
    return `${found[0]}=${found[1]}`;
  }

  hasCookie(name: string): boolean {
    return [...this.cookies.keys()].some((key) => key.includes(name));
  }
}

export const adultAnswers = { goal: 'anxiety-depression', sex: 'female', dateOfBirth: '1990-04-12' } as const;

/** The quiz's consent to collect health data, as its first screen sends it (the current words' version). */
export const quizConsent = { kind: 'collect_health_data', version: healthDataConsentTexts.collect_health_data.version } as const;

let counter = 0;
export function uniqueEmail(prefix = 'customer'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}

/** A clinic signed up free, signed in as its first admin (Dr. {name} in Austin, TX). */
export async function signUpClinic(
  app: FastifyInstance,
  clinic: { clinicName: string; name: string; email: string; password: string },
): Promise<Visitor> {
  const admin = new Visitor(app);
  const response = await admin.post('/api/provider-signup', {
    clinicType: 'functional_medicine',
    addressLine1: '12 Main Street',
    city: 'Austin',
    state: 'TX',
    postalCode: '73301',
    npi: '',
    ...clinic,
  });
  if (response.statusCode !== 201) throw new Error(`clinic sign-up answered ${response.statusCode}: ${response.body}`);
  return admin;
}

/** A signed-in customer with a starter test from the quiz in their cart. */
export async function customerWithCart(app: FastifyInstance, email = uniqueEmail()): Promise<Visitor> {
  const visitor = new Visitor(app);
  const quiz = await visitor.post('/api/quiz-results', { variant: 'quiz', answers: adultAnswers, consent: quizConsent });
  if (quiz.statusCode !== 201) throw new Error(`quiz failed: ${quiz.body}`);
  const added = await visitor.post('/api/cart/items', { productCode: 'base-quiz', quizResultId: quiz.json().id });
  if (added.statusCode !== 200) throw new Error(`add to cart failed: ${added.body}`);
  const account = await visitor.post('/api/checkout/account', { email, password: 'Sup3r-secret!' });
  if (account.statusCode !== 200) throw new Error(`account failed: ${account.body}`);
  return visitor;
}

export async function paymentMethod(visitor: Visitor, number = '4242 4242 4242 4242'): Promise<string> {
  const response = await visitor.post('/api/payments/test-gateway/payment-methods', { number, expiry: '12/34', cvc: '123' });
  if (response.statusCode !== 201) throw new Error(`tokenize failed: ${response.body}`);
  return response.json().paymentMethod;
}

/**
 * The visitor's cart checked out in Texas with every consent, paying with a new test card (`card`,
 * the one that pays unless named): the shop's answer as it came, for the test to judge.
 */
export async function placeOrder(visitor: Visitor, card?: string): Promise<LightMyRequestResponse> {
  return visitor.post(
    '/api/checkout/orders',
    { testedState: 'TX', consents: everyConsent, paymentMethod: await paymentMethod(visitor, card) },
    { 'idempotency-key': crypto.randomUUID() },
  );
}

export async function staffVisitor(shop: TestShop, role: Role, { licensed = true } = {}): Promise<Visitor> {
  const email = uniqueEmail(role);
  await ensureStaffAccount(shop.database.db, shop.app.auth, { email, password: 'Staff-passw0rd!', role, name: role });
  // a clinician approves orders only where licensed: the tests' clinicians are, wherever tests are sold
  if (role === 'clinician' && licensed) await ensureDevelopmentLicences(shop.database.db, email);
  const visitor = new Visitor(shop.app);
  const response = await visitor.post('/api/auth/sign-in/email', { email, password: 'Staff-passw0rd!' });
  if (response.statusCode !== 200) throw new Error(`staff sign-in failed: ${response.body}`);
  return visitor;
}

/** A shop of the file's own and an operator signed in to its console, for tests that start in the console. */
export async function shopWithOperator(options: Parameters<typeof createTestShop>[0] = {}) {
  const shop = await createTestShop(options);
  return { shop, operator: await staffVisitor(shop, 'operator') };
}

/**
 * The e-mails an address has had once the queue ran what is due, as their recipient reads them: the secrets the
 * outbox keeps sealed (reset links, gift codes) opened with the shop's key.
 */
export async function mailbox(shop: TestShop, address: string) {
  // every e-mail goes through the queue: what is due is sent first, as the worker would
  await shop.app.jobs.runDueJobs();
  const rows = await shop.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address));
  return rows.map((row) => {
    const opened = shop.app.emailSecrets.open(storedEmail(row));
    return { ...row, text: opened.text, html: opened.html };
  });
}

/**
 * Every consent a checkout can ask for, checked: a test placing an order where the consents are
 * not what it tests agrees to all of them (the API records only those its cart needs).
 */
export const everyConsent = [...consentKinds, 'collect_health_data' as const, ...shareConsentKinds];

/** The consent a pay link's page asks: sharing the client's results and progress with the clinic (decision 0081). */
export const shareWithClinic = ['share_with_clinic' as const];
