import { CLIA_NUMBER, dataArchiveRule } from '@shop/core';
import { limits } from './rate-limit/limiter.ts';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';
import type { StripeGatewayConfig } from './payments/stripe/config.ts';
import { productionIssues } from './env-production.ts';

const projectRoot = resolve(import.meta.dirname, '../../..');

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

/**
 * The address of a vendor's script or endpoint (the tag manager's, say): https, or http on this
 * machine only (a local stand-in for the vendor); empty leaves the integration off.
 */
const vendorUrl = (what: string, example: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .url({ protocol: /^https?$/, error: `must be the URL of ${what}, such as ${example}` })
      .refine((value) => {
        const url = new URL(value);
        return url.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
      }, 'must use https (http only for localhost)')
      .refine((value) => new URL(value).username === '' && new URL(value).password === '', 'must not carry a user name or password')
      .optional(),
  );
const thirdPartyScriptUrl = vendorUrl('a script', 'https://www.googletagmanager.com/gtm.js?id=GTM-XXXXXXX');

/**
 * TRUST_PROXY as Fastify's `trustProxy` takes it: a hop count, or the addresses and ranges of the
 * proxies. Answers null for anything else; "true" (believe every client) is refused on purpose,
 * since then a client writes the address that sign-in and code limits count.
 */
export function parseTrustProxy(value: string): number | string[] | null {
  const trimmed = value.trim();
  if (/^\d{1,2}$/.test(trimmed)) return Number(trimmed);
  const entries = trimmed.split(',').map((entry) => entry.trim());
  const valid = entries.every((entry) => {
    const [address = '', bits, ...rest] = entry.split('/');
    const family = isIP(address);
    if (family === 0 || rest.length > 0) return false;
    return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
  });
  return valid ? entries : null;
}

/**
 * Every environment variable the shop reads, parsed once at start-up. A wrong value stops the
 * start with a message naming the variable; `.env.example` documents each one.
 */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    // sign-ins allowed from one address in 15 minutes; a test rig whose browsers all share one address raises it
    SIGN_IN_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(limits.signInPerAddress.max),
    // sign-ins allowed to one account in 15 minutes; a test suite whose staff sign in many times raises it
    SIGN_IN_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).max(100_000).default(limits.signInPerAccount.max),
    // sign-ups (and checkout account steps) allowed from one address in an hour; raised as the one above
    SIGN_UP_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(limits.signUpPerAddress.max),
    // the largest data archive, as estimated, downloaded at once; above it the worker prepares it and e-mails a link
    // (core's dataArchiveRule, whose value is the default); tests lower it rather than make large files
    DATA_ARCHIVE_IMMEDIATE_MAX_BYTES: z.coerce.number().int().min(0).default(dataArchiveRule.immediateMaxBytes),
    HOST: z.string().min(1).default('127.0.0.1'),
    // the proxies in front of the shop whose X-Forwarded-For is believed: none unless named here
    TRUST_PROXY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .transform((value, ctx) => {
          const trusted = parseTrustProxy(value);
          if (trusted === null) {
            ctx.addIssue({
              code: 'custom',
              message:
                'must be a number of proxy hops (such as 1) or a comma-separated list of addresses and CIDR ranges (such as 10.0.0.0/8,127.0.0.1)',
            });
            return z.NEVER;
          }
          return trusted;
        })
        .optional(),
    ),
    PUBLIC_URL: z.preprocess(emptyToUndefined, z.url({ error: 'must be a URL such as https://shop.example.com' }).optional()),
    // origins besides PUBLIC_URL whose pages may sign in (another domain of the same shop), comma-separated
    TRUSTED_ORIGINS: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .transform((value) =>
          value
            .split(',')
            .map((entry) => entry.trim())
            .filter((entry) => entry !== ''),
        )
        .refine((entries) => entries.every((entry) => /^https?:\/\/[^\s/]+/.test(entry) && URL.canParse(entry)), {
          error: 'must be a comma-separated list of origins such as https://shop.example.com',
        })
        .transform((entries) => entries.map((entry) => new URL(entry).origin))
        .optional(),
    ),
    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, { error: 'must start with postgres:// (leave it empty for the embedded database)' })
        .optional(),
    ),
    DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('.data')),
    // where `npm run backup` writes its backups (one folder each), and `npm run restore` finds them by name
    BACKUP_DIR: z.preprocess(emptyToUndefined, z.string().default('backups')),
    AUTH_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, { error: 'must be at least 32 characters' }).optional()),
    // the secrets AUTH_SECRET had before a rotation, comma-separated: what they signed or sealed still opens (decision 0072)
    AUTH_SECRET_PREVIOUS: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .refine((value) => value.split(',').every((secret) => secret.trim().length >= 32), {
          error: 'must be a comma-separated list of secrets of at least 32 characters each',
        })
        .optional(),
    ),
    OPERATOR_EMAIL: z.preprocess(emptyToUndefined, z.email({ error: 'must be an e-mail address' }).default('operator@shop.local')),
    OPERATOR_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(12, { error: 'must be at least 12 characters' }).optional()),
    CLINICIAN_EMAIL: z.preprocess(emptyToUndefined, z.email({ error: 'must be an e-mail address' }).default('clinician@shop.local')),
    CLINICIAN_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(12, { error: 'must be at least 12 characters' }).optional()),
    COACH_EMAIL: z.preprocess(emptyToUndefined, z.email({ error: 'must be an e-mail address' }).default('coach@shop.local')),
    COACH_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(12, { error: 'must be at least 12 characters' }).optional()),
    SUPPORT_STAFF_EMAIL: z.preprocess(emptyToUndefined, z.email({ error: 'must be an e-mail address' }).default('support@shop.local')),
    SUPPORT_STAFF_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(12, { error: 'must be at least 12 characters' }).optional()),
    API_BASE_URL: z.preprocess(emptyToUndefined, z.url({ error: 'must be a URL such as https://api.example.com/api' }).optional()),
    PUBLIC_API_BASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^(\/|https?:\/\/)/, { error: 'must be a path such as /api or a URL' })
        .optional(),
    ),
    SHOP_API_ONLY: z.preprocess(emptyToUndefined, z.enum(['0', '1'], { error: 'must be 1 (API only) or 0' }).default('0')),
    GOOGLE_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
    GOOGLE_CLIENT_SECRET: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
    GOOGLE_DISCOVERY_URL: z.preprocess(
      emptyToUndefined,
      z
        .url({ error: 'must be the URL of an OpenID Connect discovery document' })
        .default('https://accounts.google.com/.well-known/openid-configuration'),
    ),
    SMTP_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^smtps?:\/\//, { error: 'must be an SMTP URL such as smtp://user:pass@mail.example.com:587' })
        .optional(),
    ),
    EMAIL_FROM: z.preprocess(emptyToUndefined, z.string().min(3).default('Base <hello@shop.local>')),
    SUPPORT_EMAIL: z.preprocess(emptyToUndefined, z.email({ error: 'must be an e-mail address' }).optional()),
    SHOP_JOBS_IN_PROCESS: z.preprocess(
      emptyToUndefined,
      z.enum(['0', '1'], { error: 'must be 1 (run jobs in the shop process) or 0' }).default('1'),
    ),
    // 1 lets a member's own subscription be renewed "in the future" (POST /api/test-clock/…), for
    // the browser tests of renewals and dunning; never in production
    SHOP_TEST_CLOCK: z.preprocess(emptyToUndefined, z.enum(['0', '1'], { error: 'must be 1 or 0' }).default('0')),
    // 1: a staging shop, which production lets run on the test gateway and the outbox, and whose
    // every page says that payments use test cards
    SHOP_STAGING: z.preprocess(emptyToUndefined, z.enum(['0', '1'], { error: 'must be 1 (a staging shop) or 0' }).default('0')),
    STRIPE_SECRET_KEY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^(sk|rk)_(test|live)_\w+$/, { error: 'must be a Stripe secret key (sk_test_… or sk_live_…)' })
        .optional(),
    ),
    STRIPE_PUBLISHABLE_KEY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^pk_(test|live)_\w+$/, { error: 'must be a Stripe publishable key (pk_test_… or pk_live_…)' })
        .optional(),
    ),
    STRIPE_WEBHOOK_SECRET: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^whsec_\w+$/, { error: 'must be a webhook signing secret (whsec_…)' })
        .optional(),
    ),
    STRIPE_ACCOUNT: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^acct_\w+$/, { error: 'must be a Stripe account id (acct_…)' })
        .optional(),
    ),
    STRIPE_API_URL: z.preprocess(
      emptyToUndefined,
      z.url({ protocol: /^https?$/, error: 'must be a URL such as http://127.0.0.1:12111' }).optional(),
    ),
    // where payouts to affiliates and clinics go: the embedded batch (recorded, exported as CSV),
    // or Stripe Connect transfers from the account of STRIPE_SECRET_KEY
    PAYOUTS: z.preprocess(
      emptyToUndefined,
      z.enum(['embedded', 'stripe-connect'], { error: 'must be embedded or stripe-connect' }).default('embedded'),
    ),
    // where invoices to employer groups are issued: embedded (a PDF the shop keeps, paid by bank
    // transfer) or stripe (Stripe Invoicing, with its hosted page, on the account of STRIPE_SECRET_KEY)
    INVOICING: z.preprocess(emptyToUndefined, z.enum(['embedded', 'stripe'], { error: 'must be embedded or stripe' }).default('embedded')),
    // where coaching sessions meet: embedded (a room page on the shop's own domain, /meet/<room>) or
    // daily (a room on Daily per session, made with DAILY_API_KEY)
    VIDEO_ROOMS: z.preprocess(emptyToUndefined, z.enum(['embedded', 'daily'], { error: 'must be embedded or daily' }).default('embedded')),
    DAILY_API_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
    DAILY_API_URL: z.preprocess(
      emptyToUndefined,
      z.url({ protocol: /^https?$/, error: 'must be a URL such as https://api.daily.co/v1' }).optional(),
    ),
    RESULTS_ENCRYPTION_KEY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .refine((value) => /^[A-Za-z0-9+/_-]+={0,2}$/.test(value) && Buffer.from(value, 'base64').length === 32, {
          error: 'must be 32 random bytes in base64 (e.g. `openssl rand -base64 32`)',
        })
        .optional(),
    ),
    RESULTS_ENCRYPTION_PREVIOUS_KEYS: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .refine(
          (value) =>
            value.split(',').every((key) => /^[A-Za-z0-9+/_-]+={0,2}$/.test(key.trim()) && Buffer.from(key.trim(), 'base64').length === 32),
          {
            error: 'must be a comma-separated list of 32-byte keys in base64',
          },
        )
        .optional(),
    ),
    LAB_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, { error: 'must be at least 32 characters' }).optional()),
    // the laboratory that tests the home kits, as the results report names it for a doctor to file
    // (all three or none; production asks for them once the lab posts results: LAB_WEBHOOK_SECRET)
    HOME_KIT_LAB_NAME: z.preprocess(emptyToUndefined, z.string().trim().min(2).max(120).optional()),
    HOME_KIT_LAB_ADDRESS: z.preprocess(emptyToUndefined, z.string().trim().min(5).max(200).optional()),
    HOME_KIT_LAB_CLIA: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(CLIA_NUMBER, { error: 'must be a CLIA number: two digits, the letter D and seven digits, such as 45D1234567' })
        .optional(),
    ),
    // the seller and payee an embedded invoice prints (the shop's legal name and address, and where a
    // transfer is sent): examples outside production, required in production with INVOICING=embedded
    SELLER_LEGAL_NAME: z.preprocess(emptyToUndefined, z.string().trim().min(2).max(120).optional()),
    SELLER_ADDRESS: z.preprocess(emptyToUndefined, z.string().trim().min(5).max(200).optional()),
    // the bank account a transfer pays an invoice into (all four or none)
    INVOICE_BANK_ACCOUNT_NAME: z.preprocess(emptyToUndefined, z.string().trim().min(2).max(120).optional()),
    INVOICE_BANK_NAME: z.preprocess(emptyToUndefined, z.string().trim().min(2).max(120).optional()),
    INVOICE_BANK_ROUTING_NUMBER: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^\d{9}$/, { error: 'must be a 9-digit ABA routing number' })
        .optional(),
    ),
    INVOICE_BANK_ACCOUNT_NUMBER: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^\d{4,17}$/, { error: 'must be an account number of 4 to 17 digits' })
        .optional(),
    ),
    // remittance instructions printed with (or instead of) the bank account, e.g. a lockbox address
    INVOICE_REMITTANCE: z.preprocess(emptyToUndefined, z.string().trim().min(5).max(300).optional()),
    // uploaded files (the nutritional plan's lab reports): an S3-compatible bucket when all four
    // below are set, else a folder under DATA_DIR
    FILE_STORAGE_S3_ENDPOINT: z.preprocess(
      emptyToUndefined,
      z.url({ protocol: /^https?$/, error: 'must be a URL such as https://s3.us-east-1.amazonaws.com' }).optional(),
    ),
    FILE_STORAGE_S3_BUCKET: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
          error: 'must be a bucket name (3 to 63 lower-case letters, digits, dots and hyphens)',
        })
        .optional(),
    ),
    FILE_STORAGE_S3_REGION: z.preprocess(emptyToUndefined, z.string().min(1).default('us-east-1')),
    FILE_STORAGE_S3_ACCESS_KEY_ID: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
    FILE_STORAGE_S3_SECRET_ACCESS_KEY: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
    // with temporary credentials (an IAM role's, from STS): the session token that goes with the keys
    FILE_STORAGE_S3_SESSION_TOKEN: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
    // a clamd that scans uploads (host:port of its TCP socket); empty: uploads are not scanned
    CLAMAV_ADDRESS: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^(\[[^\]]+\]|[^:\s]+):\d{1,5}$/, { error: 'must be host:port of clamd, such as 127.0.0.1:3310' })
        .optional(),
    ),
    // third-party scripts, each loaded only when its address is set, only after the visitor's
    // consent and only on marketing pages (docs/experiments-and-analytics.md)
    TAG_MANAGER_SCRIPT_URL: thirdPartyScriptUrl,
    AD_ANALYTICS_SCRIPT_URL: thirdPartyScriptUrl,
    MONITORING_SCRIPT_URL: thirdPartyScriptUrl,
    FORM_SERVICE_SCRIPT_URL: thirdPartyScriptUrl,
    // the advertiser's server-to-server conversion endpoint: told the value of each order whose
    // customer had accepted third-party scripts, and nothing else
    AD_CONVERSIONS_URL: vendorUrl('an endpoint', 'https://ads.example.com/conversions?account=123'),
    // a text-message provider's HTTP endpoint (docs/configuration.md#text-messages): each text is
    // POSTed to it as {to, body} with TEXT_PROVIDER_TOKEN as the bearer; without it texts go to the outbox table
    TEXT_PROVIDER_URL: vendorUrl('a text-message endpoint', 'https://sms.example.com/messages'),
    TEXT_PROVIDER_TOKEN: z.preprocess(emptyToUndefined, z.string().min(8).max(500).optional()),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // on SIGTERM, how long readiness fails before the listener closes, so a load balancer stops
    // sending first; 5000 in production, 0 elsewhere (below)
    SHUTDOWN_DRAIN_MS: z.preprocess(
      emptyToUndefined,
      z.coerce.number({ error: 'must be a number of milliseconds' }).int().min(0).max(300_000).optional(),
    ),
    // the bearer token that opens GET /metrics (docs/operations.md#metrics); without it production has no /metrics
    METRICS_TOKEN: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[\x21-\x7e]{32,}$/, { error: 'must be 32 or more characters without spaces, e.g. `openssl rand -hex 32`' })
        .optional(),
    ),
    // `npm run worker` serves its own /metrics on this port (it has no other listener); empty: it serves none
    METRICS_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65535).optional()),
    // an OpenTelemetry collector's OTLP/HTTP base address (docs/operations.md#traces): traces go to
    // its /v1/traces; empty: no tracing, and no tracing code loaded
    OTEL_EXPORTER_OTLP_ENDPOINT: z.preprocess(
      emptyToUndefined,
      z.url({ protocol: /^https?$/, error: 'must be a URL such as http://127.0.0.1:4318' }).optional(),
    ),
    // the traces' service.name; shop-api for the shop's processes, shop-worker for npm run worker
    OTEL_SERVICE_NAME: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[\w.-]{1,64}$/, { error: 'must be 1 to 64 letters, digits, dots, dashes or underscores' })
        .optional(),
    ),
  })
  .superRefine((env, ctx) => {
    if (env.TEXT_PROVIDER_URL && !env.TEXT_PROVIDER_TOKEN) {
      ctx.addIssue({ code: 'custom', path: ['TEXT_PROVIDER_TOKEN'], message: 'TEXT_PROVIDER_URL needs TEXT_PROVIDER_TOKEN' });
    }
    const homeKitLab = ['HOME_KIT_LAB_NAME', 'HOME_KIT_LAB_ADDRESS', 'HOME_KIT_LAB_CLIA'] as const;
    const namedLab = homeKitLab.filter((name) => env[name] !== undefined);
    if (namedLab.length > 0 && namedLab.length < homeKitLab.length) {
      for (const name of homeKitLab.filter((missing) => env[missing] === undefined)) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `is needed with ${namedLab.join(' and ')}: the lab is named with all three`,
        });
      }
    }
    const bank = ['INVOICE_BANK_ACCOUNT_NAME', 'INVOICE_BANK_NAME', 'INVOICE_BANK_ROUTING_NUMBER', 'INVOICE_BANK_ACCOUNT_NUMBER'] as const;
    const namedBank = bank.filter((name) => env[name] !== undefined);
    if (namedBank.length > 0 && namedBank.length < bank.length) {
      for (const name of bank.filter((missing) => env[missing] === undefined)) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `is needed with ${namedBank.join(' and ')}: a transfer needs the whole account`,
        });
      }
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({ code: 'custom', path: ['GOOGLE_CLIENT_SECRET'], message: 'and GOOGLE_CLIENT_ID are set together (or neither)' });
    }
    // before the defaults below are filled in: production must be told PUBLIC_URL, not given localhost
    for (const issue of productionIssues(env)) ctx.addIssue({ code: 'custom', ...issue });
    for (const issue of stripeIssues(env)) ctx.addIssue({ code: 'custom', ...issue });
    if (env.PAYOUTS === 'stripe-connect' && !env.STRIPE_SECRET_KEY) {
      ctx.addIssue({ code: 'custom', path: ['PAYOUTS'], message: 'stripe-connect needs STRIPE_SECRET_KEY' });
    }
    // a worker's metrics port open to anyone who reaches it: production asks for the token
    if (env.METRICS_PORT !== undefined && env.NODE_ENV === 'production' && !env.METRICS_TOKEN) {
      ctx.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: 'needs METRICS_TOKEN in production' });
    }
    if (env.INVOICING === 'stripe' && !env.STRIPE_SECRET_KEY) {
      ctx.addIssue({ code: 'custom', path: ['INVOICING'], message: 'stripe needs STRIPE_SECRET_KEY' });
    }
    if (env.VIDEO_ROOMS === 'daily' && !env.DAILY_API_KEY) {
      ctx.addIssue({ code: 'custom', path: ['VIDEO_ROOMS'], message: 'daily needs DAILY_API_KEY' });
    }
    const s3 = [
      'FILE_STORAGE_S3_ENDPOINT',
      'FILE_STORAGE_S3_BUCKET',
      'FILE_STORAGE_S3_ACCESS_KEY_ID',
      'FILE_STORAGE_S3_SECRET_ACCESS_KEY',
    ] as const;
    const missing = s3.filter((name) => !env[name]);
    if (missing.length > 0 && missing.length < s3.length) {
      ctx.addIssue({ code: 'custom', path: [missing[0]!], message: `is required with the other FILE_STORAGE_S3_ variables (or set none)` });
    }
  })
  .transform((env) => ({
    ...env,
    DATA_DIR: resolve(projectRoot, env.DATA_DIR),
    BACKUP_DIR: resolve(projectRoot, env.BACKUP_DIR),
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    SUPPORT_EMAIL: env.SUPPORT_EMAIL ?? env.OPERATOR_EMAIL,
    SHUTDOWN_DRAIN_MS: env.SHUTDOWN_DRAIN_MS ?? (env.NODE_ENV === 'production' ? 5000 : 0),
  }));

type StripeVariables = Partial<Record<'STRIPE_SECRET_KEY' | 'STRIPE_PUBLISHABLE_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_URL', string>>;

/** Stripe takes payments only with all its keys, of one mode; half a configuration is a mistake. */
function stripeIssues(env: StripeVariables): { path: string[]; message: string }[] {
  const issues: { path: string[]; message: string }[] = [];
  const secret = env.STRIPE_SECRET_KEY;
  const publishable = env.STRIPE_PUBLISHABLE_KEY;
  if (secret && !publishable) issues.push({ path: ['STRIPE_PUBLISHABLE_KEY'], message: 'is required when STRIPE_SECRET_KEY is set' });
  if (publishable && !secret) issues.push({ path: ['STRIPE_SECRET_KEY'], message: 'is required when STRIPE_PUBLISHABLE_KEY is set' });
  if (secret && !env.STRIPE_WEBHOOK_SECRET)
    issues.push({ path: ['STRIPE_WEBHOOK_SECRET'], message: 'is required when STRIPE_SECRET_KEY is set' });
  const live = secret?.includes('_live_');
  if (secret && publishable && live !== publishable.includes('_live_')) {
    issues.push({ path: ['STRIPE_PUBLISHABLE_KEY'], message: 'and STRIPE_SECRET_KEY must both be test keys or both be live keys' });
  }
  // a live key sent in clear text to another host would be a leaked key
  if (live && env.STRIPE_API_URL?.startsWith('http:')) {
    issues.push({ path: ['STRIPE_API_URL'], message: 'must use https with a live STRIPE_SECRET_KEY' });
  }
  return issues;
}

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  constructor(issues: z.core.$ZodIssue[]) {
    super(
      'The environment is not valid:\n' +
        issues.map((issue) => `  ${issue.path.join('.') || '(env)'} ${issue.message}`).join('\n') +
        '\nSee .env.example for every variable.',
    );
    this.name = 'EnvError';
  }
}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) throw new EnvError(result.error.issues);
  return result.data;
}

/** The Stripe adapter's configuration, or null when no keys are set (the built-in test gateway). */
export function stripeConfigFrom(env: Env): StripeGatewayConfig | null {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_PUBLISHABLE_KEY || !env.STRIPE_WEBHOOK_SECRET) return null;
  return {
    secretKey: env.STRIPE_SECRET_KEY,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    account: env.STRIPE_ACCOUNT ?? null,
    apiUrl: env.STRIPE_API_URL ?? null,
  };
}

/** AUTH_SECRET_PREVIOUS as a list: the secrets before the current one, newest first as given. */
export function previousAuthSecrets(env: Pick<Env, 'AUTH_SECRET_PREVIOUS'>): string[] {
  return (env.AUTH_SECRET_PREVIOUS ?? '')
    .split(',')
    .map((secret) => secret.trim())
    .filter((secret) => secret !== '');
}
