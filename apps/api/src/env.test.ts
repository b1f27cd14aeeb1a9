import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv, stripeConfigFrom } from './env.ts';
import { productionWarnings } from './env-production.ts';

describe('environment', () => {
  it('works with nothing set', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, NODE_ENV: 'development', PUBLIC_URL: 'http://localhost:3000' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DATA_DIR).toMatch(/\.data$/);
  });

  it('believes no proxy unless TRUST_PROXY names them, by hop count or by address', () => {
    expect(parseEnv({}).TRUST_PROXY).toBeUndefined();
    expect(parseEnv({ TRUST_PROXY: '' }).TRUST_PROXY).toBeUndefined();
    expect(parseEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
    ]);
  });

  it('reads TRUSTED_ORIGINS as origins', () => {
    expect(parseEnv({ TRUSTED_ORIGINS: ' https://www.shop.example.com/ , http://127.0.0.1:3000/path' }).TRUSTED_ORIGINS).toEqual([
      'https://www.shop.example.com',
      'http://127.0.0.1:3000',
    ]);
  });

  it('loads no third-party script unless its address is set, and then only over https or on this machine', () => {
    const env = parseEnv({ TAG_MANAGER_SCRIPT_URL: '', AD_ANALYTICS_SCRIPT_URL: 'https://ads.example.com/a.js?id=AW-1' });
    expect(env.TAG_MANAGER_SCRIPT_URL).toBeUndefined();
    expect(env.AD_ANALYTICS_SCRIPT_URL).toBe('https://ads.example.com/a.js?id=AW-1');
    expect(parseEnv({ MONITORING_SCRIPT_URL: 'http://127.0.0.1:3191/vendor.js' }).MONITORING_SCRIPT_URL).toBe(
      'http://127.0.0.1:3191/vendor.js',
    );
    expect(() => parseEnv({ FORM_SERVICE_SCRIPT_URL: 'http://forms.example.com/embed.js' })).toThrow(
      /FORM_SERVICE_SCRIPT_URL must use https/,
    );
    expect(() => parseEnv({ TAG_MANAGER_SCRIPT_URL: 'javascript:alert(1)' })).toThrow(/TAG_MANAGER_SCRIPT_URL/);
  });

  it('drains 5 s before stopping in production and not at all elsewhere, unless SHUTDOWN_DRAIN_MS says', () => {
    expect(parseEnv({ SHUTDOWN_DRAIN_MS: '' }).SHUTDOWN_DRAIN_MS).toBe(0);
    expect(parseEnv({ SHUTDOWN_DRAIN_MS: '2500' }).SHUTDOWN_DRAIN_MS).toBe(2500);
    const production = { NODE_ENV: 'production', SHOP_STAGING: '1', PUBLIC_URL: 'https://shop.example.com', AUTH_SECRET: 'x'.repeat(32) };
    const key = { RESULTS_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64') };
    expect(parseEnv({ ...production, ...key }).SHUTDOWN_DRAIN_MS).toBe(5000);
    expect(parseEnv({ ...production, ...key, SHUTDOWN_DRAIN_MS: '0' }).SHUTDOWN_DRAIN_MS).toBe(0);
    expect(() => parseEnv({ SHUTDOWN_DRAIN_MS: 'soon' })).toThrow('SHUTDOWN_DRAIN_MS must be a number of milliseconds');
  });

  it('treats empty values as unset, as .env.example leaves them', () => {
    expect(parseEnv({ DATABASE_URL: '', AUTH_SECRET: '', PORT: '4000' })).toMatchObject({ PORT: 4000, DATABASE_URL: undefined });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/shop' }, 'DATABASE_URL must start with postgres://'],
    [{ NODE_ENV: 'production' }, 'AUTH_SECRET is required in production'],
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET must be at least 32 characters'],
    [{ OPERATOR_EMAIL: 'nobody' }, 'OPERATOR_EMAIL must be an e-mail address'],
    [{ RESULTS_ENCRYPTION_KEY: 'c2hvcnQ=' }, 'RESULTS_ENCRYPTION_KEY must be 32 random bytes in base64'],
    [{ RESULTS_ENCRYPTION_PREVIOUS_KEYS: `${'A'.repeat(43)}=,nope` }, 'RESULTS_ENCRYPTION_PREVIOUS_KEYS must be a comma-separated list'],
    [{ LAB_WEBHOOK_SECRET: 'short' }, 'LAB_WEBHOOK_SECRET must be at least 32 characters'],
    [{ HOME_KIT_LAB_CLIA: '45-1234567' }, 'HOME_KIT_LAB_CLIA must be a CLIA number'],
    [{ HOME_KIT_LAB_NAME: 'Lone Star Clinical Laboratory' }, 'HOME_KIT_LAB_CLIA is needed with HOME_KIT_LAB_NAME'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY must be a number of proxy hops'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY must be a number of proxy hops'],
    [{ TRUST_PROXY: 'proxy.internal' }, 'TRUST_PROXY must be a number of proxy hops'],
    [{ FILE_STORAGE_S3_BUCKET: 'lab-files' }, 'FILE_STORAGE_S3_ENDPOINT is required with the other FILE_STORAGE_S3_ variables'],
    [{ FILE_STORAGE_S3_BUCKET: 'Lab_Files' }, 'FILE_STORAGE_S3_BUCKET must be a bucket name'],
    [{ CLAMAV_ADDRESS: 'clamd' }, 'CLAMAV_ADDRESS must be host:port of clamd'],
    [{ TRUSTED_ORIGINS: 'https://shop.example.com,not a url' }, 'TRUSTED_ORIGINS must be a comma-separated list of origins'],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN must be 32 or more characters without spaces'],
    [{ METRICS_TOKEN: `${'a'.repeat(20)} ${'b'.repeat(20)}` }, 'METRICS_TOKEN must be 32 or more characters without spaces'],
    [{ METRICS_PORT: 'ninety' }, 'METRICS_PORT'],
    [{ NODE_ENV: 'production', METRICS_PORT: '9464' }, 'METRICS_PORT needs METRICS_TOKEN in production'],
  ])('stops on %j naming the variable', (source, message) => {
    expect(() => parseEnv(source)).toThrow(EnvError);
    expect(() => parseEnv(source)).toThrow(message);
  });

  describe('Stripe', () => {
    const keys = { STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc123' };

    it('stays on the built-in test gateway without keys', () => {
      expect(stripeConfigFrom(parseEnv({ STRIPE_SECRET_KEY: '', STRIPE_PUBLISHABLE_KEY: '' }))).toBeNull();
    });

    it('builds the adapter configuration from the keys', () => {
      expect(stripeConfigFrom(parseEnv({ ...keys, STRIPE_ACCOUNT: 'acct_123', STRIPE_API_URL: 'http://127.0.0.1:12111' }))).toEqual({
        secretKey: 'sk_test_abc123',
        publishableKey: 'pk_test_abc123',
        webhookSecret: 'whsec_abc123',
        account: 'acct_123',
        apiUrl: 'http://127.0.0.1:12111',
      });
      expect(stripeConfigFrom(parseEnv(keys))).toMatchObject({ account: null, apiUrl: null });
    });

    it.each([
      [
        { STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc123' },
        'STRIPE_PUBLISHABLE_KEY is required when STRIPE_SECRET_KEY is set',
      ],
      [{ STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123' }, 'STRIPE_SECRET_KEY is required when STRIPE_PUBLISHABLE_KEY is set'],
      [{ ...keys, STRIPE_WEBHOOK_SECRET: '' }, 'STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set'],
      [
        { ...keys, STRIPE_PUBLISHABLE_KEY: 'pk_live_abc123' },
        'STRIPE_PUBLISHABLE_KEY and STRIPE_SECRET_KEY must both be test keys or both be live keys',
      ],
      [{ ...keys, STRIPE_SECRET_KEY: 'pk_test_abc123' }, 'STRIPE_SECRET_KEY must be a Stripe secret key'],
      [{ ...keys, STRIPE_ACCOUNT: 'acme' }, 'STRIPE_ACCOUNT must be a Stripe account id'],
      [{ ...keys, STRIPE_API_URL: 'ftp://127.0.0.1' }, 'STRIPE_API_URL must be a URL'],
      [
        {
          STRIPE_SECRET_KEY: 'sk_live_abc123',
          STRIPE_PUBLISHABLE_KEY: 'pk_live_abc123',
          STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
          STRIPE_API_URL: 'http://proxy.local',
        },
        'STRIPE_API_URL must use https with a live STRIPE_SECRET_KEY',
      ],
    ])('stops on %j naming the variable', (source, message) => {
      expect(() => parseEnv(source)).toThrow(EnvError);
      expect(() => parseEnv(source)).toThrow(message);
    });
  });

  describe('production', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_live_abc123', STRIPE_PUBLISHABLE_KEY: 'pk_live_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc123' };
    const ready = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://shop.example.com',
      AUTH_SECRET: 'x'.repeat(32),
      RESULTS_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
      SMTP_URL: 'smtp://mail.example.com:587',
      EMAIL_FROM: 'Base <hello@shop.example.com>',
      LAB_WEBHOOK_SECRET: 'l'.repeat(32),
      HOME_KIT_LAB_NAME: 'Lone Star Clinical Laboratory',
      HOME_KIT_LAB_ADDRESS: '100 Lab Way, Austin, TX 78701',
      HOME_KIT_LAB_CLIA: '45D1234567',
      SELLER_LEGAL_NAME: 'Base Health, Inc.',
      SELLER_ADDRESS: '500 Market Street, San Francisco, CA 94105',
      INVOICE_BANK_ACCOUNT_NAME: 'Base Health, Inc.',
      INVOICE_BANK_NAME: 'First Example Bank',
      INVOICE_BANK_ROUTING_NUMBER: '121000248',
      INVOICE_BANK_ACCOUNT_NUMBER: '4000123456',
      ...stripe,
    };
    const refusal = (source: Record<string, string>) => {
      try {
        parseEnv(source);
      } catch (error) {
        expect(error).toBeInstanceOf(EnvError);
        return (error as EnvError).message;
      }
      throw new Error('the environment was accepted');
    };

    it('starts with every variable it needs, and warns of nothing', () => {
      const env = parseEnv(ready);
      expect(env).toMatchObject({ NODE_ENV: 'production', SHOP_STAGING: '0', PUBLIC_URL: 'https://shop.example.com' });
      expect(stripeConfigFrom(env)).not.toBeNull();
      expect(productionWarnings(env)).toEqual([]);
    });

    it("refuses the test gateway, naming each of Stripe's variables and the staging setting", () => {
      const message = refusal({ ...ready, STRIPE_SECRET_KEY: '', STRIPE_PUBLISHABLE_KEY: '', STRIPE_WEBHOOK_SECRET: '' });
      for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET']) {
        expect(message).toContain(`${name} is required in production: without Stripe the built-in test gateway takes test cards`);
      }
      expect(message).toContain('SHOP_STAGING=1');
      expect(message).not.toMatch(/SMTP_URL|PUBLIC_URL|AUTH_SECRET/);
    });

    it('names every missing variable in one refusal', () => {
      const message = refusal({ NODE_ENV: 'production' });
      const named = [...message.matchAll(/^ {2}(\w+) is required in production/gm)].map((match) => match[1]);
      expect(named).toEqual([
        'PUBLIC_URL',
        'AUTH_SECRET',
        'RESULTS_ENCRYPTION_KEY',
        'STRIPE_SECRET_KEY',
        'STRIPE_PUBLISHABLE_KEY',
        'STRIPE_WEBHOOK_SECRET',
        'SELLER_LEGAL_NAME',
        'SELLER_ADDRESS',
        'INVOICE_BANK_ACCOUNT_NUMBER',
        'SMTP_URL',
      ]);
    });

    it('asks for the seller and how a transfer pays an embedded invoice, and for neither with Stripe Invoicing', () => {
      const unnamed = {
        ...ready,
        SELLER_LEGAL_NAME: '',
        INVOICE_BANK_ACCOUNT_NAME: '',
        INVOICE_BANK_NAME: '',
        INVOICE_BANK_ROUTING_NUMBER: '',
        INVOICE_BANK_ACCOUNT_NUMBER: '',
      };
      const refused = refusal(unnamed);
      expect(refused).toContain('SELLER_LEGAL_NAME is required in production: with INVOICING=embedded each invoice prints the seller');
      expect(refused).toContain('INVOICE_BANK_ACCOUNT_NUMBER is required in production');
      expect(() =>
        parseEnv({ ...unnamed, SELLER_LEGAL_NAME: 'Base Health, Inc.', INVOICE_REMITTANCE: 'Lockbox 1, Dallas, TX 75201' }),
      ).not.toThrow();
      expect(() => parseEnv({ ...unnamed, INVOICING: 'stripe' })).not.toThrow();
      expect(refusal({ ...ready, INVOICE_BANK_NAME: '' })).toContain('INVOICE_BANK_NAME is needed with');
    });

    it.each([
      ['PUBLIC_URL', 'PUBLIC_URL is required in production: links in e-mails and pages would point to localhost'],
      ['AUTH_SECRET', 'AUTH_SECRET is required in production'],
      ['RESULTS_ENCRYPTION_KEY', 'RESULTS_ENCRYPTION_KEY is required in production'],
      ['SMTP_URL', 'SMTP_URL is required in production: without it e-mails stay in the outbox'],
    ])('refuses to start without %s, and names it alone', (name, message) => {
      const refused = refusal({ ...ready, [name]: '' });
      expect(refused).toContain(message);
      expect(refused.match(/^ {2}\w+ /gm)).toEqual([`  ${name} `]);
    });

    it('refuses mail from the example sender once it is really sent', () => {
      expect(refusal({ ...ready, EMAIL_FROM: 'Base <hello@shop.local>' })).toContain('EMAIL_FROM must be an address of your own domain');
      expect(refusal({ ...ready, EMAIL_FROM: '' })).toContain('EMAIL_FROM must be an address of your own domain');
    });

    it('refuses the test clock', () => {
      expect(refusal({ ...ready, SHOP_TEST_CLOCK: '1' })).toContain('SHOP_TEST_CLOCK must be 0 in production');
    });

    it('starts a staging shop on the test gateway and the outbox, but still wants its address and keys', () => {
      const staging = {
        ...ready,
        SHOP_STAGING: '1',
        STRIPE_SECRET_KEY: '',
        STRIPE_PUBLISHABLE_KEY: '',
        STRIPE_WEBHOOK_SECRET: '',
        SMTP_URL: '',
      };
      const env = parseEnv(staging);
      expect(env.SHOP_STAGING).toBe('1');
      expect(stripeConfigFrom(env)).toBeNull();
      expect(env.SMTP_URL).toBeUndefined();
      expect(refusal({ ...staging, PUBLIC_URL: '', AUTH_SECRET: '' })).toMatch(/PUBLIC_URL is required[^]*AUTH_SECRET is required/);
    });

    it('refuses a staging shop with live Stripe keys, as its banner says nothing is charged', () => {
      expect(refusal({ ...ready, SHOP_STAGING: '1' })).toContain('SHOP_STAGING must be 0 with a live STRIPE_SECRET_KEY');
      expect(
        parseEnv({
          ...ready,
          ...Object.fromEntries(Object.entries(stripe).map(([k, v]) => [k, v.replace('_live_', '_test_')])),
          SHOP_STAGING: '1',
        }).SHOP_STAGING,
      ).toBe('1');
    });

    it('asks for the home kits’ laboratory once a lab posts results, for the reports to name it', () => {
      const unnamed = { ...ready, HOME_KIT_LAB_NAME: '', HOME_KIT_LAB_ADDRESS: '', HOME_KIT_LAB_CLIA: '' };
      expect(refusal(unnamed)).toContain('HOME_KIT_LAB_NAME is required in production');
      expect(parseEnv({ ...unnamed, LAB_WEBHOOK_SECRET: '' }).HOME_KIT_LAB_NAME).toBeUndefined();
      expect(parseEnv(ready)).toMatchObject({ HOME_KIT_LAB_NAME: 'Lone Star Clinical Laboratory', HOME_KIT_LAB_CLIA: '45D1234567' });
    });

    it('warns, in one line naming the variable, that partner labs cannot post results without LAB_WEBHOOK_SECRET', () => {
      expect(productionWarnings(parseEnv({ ...ready, LAB_WEBHOOK_SECRET: '' }))).toEqual([
        'LAB_WEBHOOK_SECRET is not set: partner labs cannot post results (POST /api/labs/results answers 503).',
      ]);
    });

    it('asks nothing of development, nor of the tests', () => {
      for (const NODE_ENV of ['development', 'test']) {
        const env = parseEnv({ NODE_ENV });
        expect(stripeConfigFrom(env)).toBeNull();
        expect(productionWarnings(env)).toEqual([]);
      }
      expect(() => parseEnv({ NODE_ENV: 'development', SHOP_STAGING: '1' })).not.toThrow();
    });

    it('reads SHOP_STAGING as 1 or 0 only', () => {
      expect(parseEnv({ SHOP_STAGING: '' }).SHOP_STAGING).toBe('0');
      expect(() => parseEnv({ SHOP_STAGING: 'true' })).toThrow('SHOP_STAGING must be 1 (a staging shop) or 0');
    });
  });
});
