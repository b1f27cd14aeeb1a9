import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { describeError, safeError } from './safe-error.ts';

const answers = '{"goal":"anxiety-depression","sex":"female","dateOfBirth":"1990-04-12"}';

/** What the drivers throw: a PostgreSQL error's fields, and PGlite's copy of the statement's values. */
function driverError(message: string, fields: Record<string, unknown>): Error {
  return Object.assign(new Error(message), fields);
}

describe('an error as the log keeps it', () => {
  it('keeps a failed statement’s text and drops its values, in the message, the stack and the causes', () => {
    const cause = driverError('duplicate key value violates unique constraint "users_email_key"', {
      code: '23505',
      constraint: 'users_email_key',
      detail: 'Key (email)=(jane@example.com) already exists.',
      params: ['jane@example.com'],
    });
    const error = new DrizzleQueryError('insert into "quiz_results" ("variant", "answers") values ($1, $2)', ['quiz', answers], cause);
    const serialized = safeError(error);

    expect(serialized.message).toBe('Failed query: insert into "quiz_results" ("variant", "answers") values ($1, $2)');
    expect(serialized.stack).toMatch(/^DrizzleQueryError: Failed query: insert into "quiz_results" .*\n {4}at /);
    expect(serialized.cause).toMatchObject({ code: '23505', constraint: 'users_email_key', message: cause.message });
    const text = JSON.stringify(serialized);
    expect(text).not.toContain('1990-04-12');
    expect(text).not.toContain('jane@example.com');
    expect(describeError(error)).toBe(`${serialized.message}: ${cause.message}`);
  });

  it('hides the value a data exception quotes, and the URLs and addresses of any other message', () => {
    expect(describeError(driverError('invalid input syntax for type date: "1990-13-45"', { code: '22007' }))).toBe(
      'invalid input syntax for type date: "[redacted]"',
    );
    expect(describeError(new Error('fetch /api/admin/outbox?to=jane@example.com failed for jane@example.com'))).toBe(
      'fetch /api/admin/outbox?to=[redacted] failed for [redacted]',
    );
  });

  it('follows a refused connection’s attempts', () => {
    const refused = new AggregateError(
      [driverError('connect ECONNREFUSED 127.0.0.1:9', { code: 'ECONNREFUSED', port: 9 })],
      'connect failed',
    );
    expect(safeError(new DrizzleQueryError('select 1', [answers], refused)).cause?.errors?.[0]).toMatchObject({
      code: 'ECONNREFUSED',
      port: 9,
    });
  });
});
