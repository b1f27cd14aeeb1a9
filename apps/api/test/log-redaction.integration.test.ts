import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { parseEnv } from '../src/env.ts';
import type { LogDestination } from '../src/logging/logger.ts';
import { createTestShop, staffVisitor, Visitor, type TestShop } from './helpers.ts';

/**
 * The request log, as a running shop writes it, holds no secret and nothing about anyone's health:
 * not a reset link's token, not the address an operator searched for, not the values of a
 * statement that failed because the database was down.
 */

interface LogLine {
  msg: string;
  req?: { method: string; url: string };
  err?: { type: string; message: string; stack: string };
  [key: string]: unknown;
}

/** A log destination that keeps each line, as the shop's stdout would receive it. */
function memoryLog(): LogDestination & { text(): string; lines(): LogLine[] } {
  const written: string[] = [];
  return {
    write: (line) => void written.push(line),
    text: () => written.join(''),
    lines: () => written.map((line) => JSON.parse(line) as LogLine),
  };
}

const resetToken = 'q3VtX9aLk2PzR8wYbN4cD7eF1gH5jK0mS6tU_vW-xYz';
const searched = 'jane.doe@example.com';

let shop: TestShop;
const log = memoryLog();

beforeAll(async () => {
  shop = await createTestShop({ log });
});

afterAll(async () => {
  await shop.close();
});

describe('the request log', () => {
  it('names each request by its path, with the values of its query and its secret segments redacted', async () => {
    expect((await new Visitor(shop.app).get(`/new-password?token=${resetToken}`)).statusCode).toBe(404);
    const operator = await staffVisitor(shop, 'operator');
    expect((await operator.get(`/api/admin/outbox?to=${searched}`)).statusCode).toBe(200);
    expect((await operator.get(`/api/admin/customers?q=${encodeURIComponent(searched)}&page=2`)).statusCode).toBe(200);

    const urls = log
      .lines()
      .filter((line) => line.msg === 'incoming request')
      .map((line) => line.req?.url);
    expect(urls).toEqual(
      expect.arrayContaining([
        '/new-password?token=[redacted]',
        '/api/auth/sign-in/email',
        '/api/admin/outbox?to=[redacted]',
        '/api/admin/customers?q=[redacted]&page=2',
      ]),
    );
    // Fastify's own "not found" line names the URL in its message
    expect(log.lines().map((line) => line.msg)).toContain('Route GET:/new-password?token=[redacted] not found');
    expect(log.text()).not.toContain(resetToken);
    expect(log.text()).not.toContain('jane.doe');
    // the staff member's own sign-in (a body with their address and password) is not in it either
    expect(log.text()).not.toContain('Staff-passw0rd!');
    expect(log.text()).not.toMatch(/operator\.[a-z0-9]+\.\d+@example\.com/);
  });

  it('keeps a failed statement’s text but never its values when the database cannot be reached', async () => {
    const unreachable = await openDatabase({ kind: 'postgres', url: 'postgres://shop@127.0.0.1:9/none', maxConnections: 1 });
    const downLog = memoryLog();
    const app = await buildApp({
      env: parseEnv({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(join(tmpdir(), 'shop-test-')), LOG_LEVEL: 'info' }),
      db: unreachable.db,
      pingDatabase: unreachable.ping,
      authSecret: 'test-secret-that-is-long-enough-for-better-auth',
      logDestination: downLog,
    });
    try {
      const answered = await new Visitor(app).post('/api/leads/whitepaper', {
        firstName: 'Jane',
        lastName: 'Doe',
        email: 'jane.doe@example.com',
        company: 'Acme',
      });
      expect(answered.statusCode).toBe(500);
      expect(answered.json()).toMatchObject({ code: 'INTERNAL_ERROR' });
    } finally {
      await app.close();
      await unreachable.close();
    }

    const failed = downLog.lines().find((line) => line.msg === 'request failed');
    // the lead's first statement counts the address's sendings, keyed by the address itself
    expect(failed?.err?.message).toMatch(/^Failed query: insert into "rate_limit_counters"/);
    expect(failed?.err?.stack).toContain('\n    at ');
    expect(downLog.lines().some((line) => line.msg === 'request completed')).toBe(true);
    for (const value of ['Jane', 'Doe', 'jane.doe', 'Acme']) expect(downLog.text()).not.toContain(value);
    expect(downLog.text()).not.toContain('params:');
  });
});
