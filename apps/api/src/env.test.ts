import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv, stripeConfigFrom } from './env.ts';

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

  it('treats empty values as unset, as .env.example leaves them', () => {
    expect(parseEnv({ DATABASE_URL: '', AUTH_SECRET: '', PORT: '4000' })).toMatchObject({ PORT: 4000, DATABASE_URL: undefined });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/shop' }, 'DATABASE_URL must start with postgres://'],
    [{ NODE_ENV: 'production' }, 'AUTH_SECRET is required in production'],
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET must be at least 32 characters'],
    [{ OPERATOR_EMAIL: 'nobody' }, 'OPERATOR_EMAIL must be an e-mail address'],
    [{ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) }, 'RESULTS_ENCRYPTION_KEY is required in production'],
    [{ RESULTS_ENCRYPTION_KEY: 'c2hvcnQ=' }, 'RESULTS_ENCRYPTION_KEY must be 32 random bytes in base64'],
    [{ RESULTS_ENCRYPTION_PREVIOUS_KEYS: `${'A'.repeat(43)}=,nope` }, 'RESULTS_ENCRYPTION_PREVIOUS_KEYS must be a comma-separated list'],
    [{ LAB_WEBHOOK_SECRET: 'short' }, 'LAB_WEBHOOK_SECRET must be at least 32 characters'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY must be a number of proxy hops'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY must be a number of proxy hops'],
    [{ TRUST_PROXY: 'proxy.internal' }, 'TRUST_PROXY must be a number of proxy hops'],
    [{ FILE_STORAGE_S3_BUCKET: 'lab-files' }, 'FILE_STORAGE_S3_ENDPOINT is required with the other FILE_STORAGE_S3_ variables'],
    [{ FILE_STORAGE_S3_BUCKET: 'Lab_Files' }, 'FILE_STORAGE_S3_BUCKET must be a bucket name'],
    [{ CLAMAV_ADDRESS: 'clamd' }, 'CLAMAV_ADDRESS must be host:port of clamd'],
    [{ TRUSTED_ORIGINS: 'https://shop.example.com,not a url' }, 'TRUSTED_ORIGINS must be a comma-separated list of origins'],
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
});
