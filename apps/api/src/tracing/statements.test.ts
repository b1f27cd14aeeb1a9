import { describe, expect, it } from 'vitest';
import { describeStatement } from './statements.ts';

describe('what a statement is, from its text', () => {
  it.each([
    ['select "id", "email" from "users" where "users"."email" = $1', { operation: 'SELECT', table: 'users' }],
    ['insert into "orders" ("id", "total_cents") values ($1, $2)', { operation: 'INSERT', table: 'orders' }],
    ['update "jobs" set "status" = $1 where "id" = $2', { operation: 'UPDATE', table: 'jobs' }],
    ['delete from public.sessions where token = $1', { operation: 'DELETE', table: 'sessions' }],
    [
      '  -- a comment\n  with event as (insert into "domain_events" (id) values ($1)) select 1',
      { operation: 'WITH', table: 'domain_events' },
    ],
    ['begin', { operation: 'BEGIN' }],
    ['select pg_advisory_lock($1)', { operation: 'SELECT' }],
    ["notify shop, 'jane@example.com'", { operation: 'OTHER' }],
  ])('%s', (text, kind) => {
    expect(describeStatement(text)).toEqual(kind);
  });

  it('names no table made of anything but identifier characters', () => {
    expect(describeStatement(`select * from 'jane@example.com'`)).toEqual({ operation: 'SELECT' });
  });
});
