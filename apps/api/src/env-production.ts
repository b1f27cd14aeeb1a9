/**
 * What a production start needs besides well-formed values. Outside production every one of these
 * has a stand-in that keeps a first `npm start` working (the test gateway, the outbox, a generated
 * key, localhost); in production each stand-in would quietly do harm, so the start refuses, naming
 * every missing variable at once. A staging shop (SHOP_STAGING=1) may keep the test gateway and the
 * outbox, and says so on every page.
 */

/** The variables these checks read, as the schema has parsed them (before its defaults are filled in). */
export interface ProductionVariables {
  NODE_ENV: 'development' | 'production' | 'test';
  SHOP_STAGING: '0' | '1';
  SHOP_TEST_CLOCK: '0' | '1';
  PUBLIC_URL?: string | undefined;
  AUTH_SECRET?: string | undefined;
  RESULTS_ENCRYPTION_KEY?: string | undefined;
  STRIPE_SECRET_KEY?: string | undefined;
  STRIPE_PUBLISHABLE_KEY?: string | undefined;
  STRIPE_WEBHOOK_SECRET?: string | undefined;
  SMTP_URL?: string | undefined;
  EMAIL_FROM: string;
  LAB_WEBHOOK_SECRET?: string | undefined;
  HOME_KIT_LAB_NAME?: string | undefined;
  INVOICING?: 'embedded' | 'stripe' | undefined;
  SELLER_LEGAL_NAME?: string | undefined;
  SELLER_ADDRESS?: string | undefined;
  INVOICE_BANK_ACCOUNT_NUMBER?: string | undefined;
  INVOICE_REMITTANCE?: string | undefined;
}

export interface ProductionIssue {
  path: [string];
  message: string;
}

const STAGING_HINT = 'or set SHOP_STAGING=1 for a staging shop';

/** Why production refuses to start: one issue per variable, all of them. */
export function productionIssues(env: ProductionVariables): ProductionIssue[] {
  const issues: ProductionIssue[] = [];
  const staging = env.SHOP_STAGING === '1';
  if (env.STRIPE_SECRET_KEY?.includes('_live_') && staging) {
    issues.push({
      path: ['SHOP_STAGING'],
      message: 'must be 0 with a live STRIPE_SECRET_KEY: a staging shop tells visitors nothing is charged',
    });
  }
  if (env.NODE_ENV !== 'production') return issues;
  if (env.SHOP_TEST_CLOCK === '1') issues.push({ path: ['SHOP_TEST_CLOCK'], message: 'must be 0 in production' });
  const require = (name: string, why: string) => issues.push({ path: [name], message: `is required in production: ${why}` });
  // a link in an e-mail (a password reset, a receipt) would send the customer to localhost
  if (!env.PUBLIC_URL) require('PUBLIC_URL', 'links in e-mails and pages would point to localhost');
  // generated keys would live in the data folder beside what they protect (and differ per machine)
  if (!env.AUTH_SECRET) require('AUTH_SECRET', 'it signs sessions and cookies, and may not be generated beside the data');
  if (!env.RESULTS_ENCRYPTION_KEY) require('RESULTS_ENCRYPTION_KEY', 'it encrypts lab results, and may not be generated beside the data');
  // with no key at all the built-in test gateway would take 4242 4242 4242 4242 as payment; half a
  // configuration is named by the Stripe checks themselves
  if (!staging && !env.STRIPE_SECRET_KEY && !env.STRIPE_PUBLISHABLE_KEY) {
    const why = `without Stripe the built-in test gateway takes test cards and nothing is charged (${STAGING_HINT})`;
    require('STRIPE_SECRET_KEY', why);
    require('STRIPE_PUBLISHABLE_KEY', why);
    if (!env.STRIPE_WEBHOOK_SECRET) require('STRIPE_WEBHOOK_SECRET', why);
  }
  // the lab posts results, and each member's report names it for their doctor (42 CFR 493.1291(c): a report names the laboratory)
  if (env.LAB_WEBHOOK_SECRET && !env.HOME_KIT_LAB_NAME) {
    require('HOME_KIT_LAB_NAME', 'with LAB_WEBHOOK_SECRET, with HOME_KIT_LAB_ADDRESS and HOME_KIT_LAB_CLIA: a results report names the lab that tested the kit');
  }
  // an embedded invoice names the seller and says where to send the money (the example values would send it nowhere)
  if (!staging && (env.INVOICING ?? 'embedded') === 'embedded') {
    const why = `with INVOICING=embedded each invoice prints the seller and how to pay it (${STAGING_HINT})`;
    if (!env.SELLER_LEGAL_NAME) require('SELLER_LEGAL_NAME', why);
    if (!env.SELLER_ADDRESS) require('SELLER_ADDRESS', why);
    if (!env.INVOICE_BANK_ACCOUNT_NUMBER && !env.INVOICE_REMITTANCE)
      require('INVOICE_BANK_ACCOUNT_NUMBER', `${why}: the bank account, or INVOICE_REMITTANCE`);
  }
  if (!staging && !env.SMTP_URL) require('SMTP_URL', `without it e-mails stay in the outbox and are never sent (${STAGING_HINT})`);
  if (env.SMTP_URL && /@shop\.local>?$/.test(env.EMAIL_FROM.trim())) {
    issues.push({
      path: ['EMAIL_FROM'],
      message: 'must be an address of your own domain in production: mail from shop.local is not delivered',
    });
  }
  return issues;
}

/** What still starts in production but does not work, one line each, naming the variable. */
export function productionWarnings(env: ProductionVariables): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const warnings: string[] = [];
  if (!env.LAB_WEBHOOK_SECRET) {
    warnings.push('LAB_WEBHOOK_SECRET is not set: partner labs cannot post results (POST /api/labs/results answers 503).');
  }
  return warnings;
}
