import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env.ts';

describe('environment', () => {
  it('works with nothing set', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, NODE_ENV: 'development', PUBLIC_URL: 'http://localhost:3000' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DATA_DIR).toMatch(/\.data$/);
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
  ])('stops on %j naming the variable', (source, message) => {
    expect(() => parseEnv(source)).toThrow(EnvError);
    expect(() => parseEnv(source)).toThrow(message);
  });
});
