import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { healthDataConsentTexts } from '@shop/core';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, killStartedShops, startShopProcess } from './shop-process.ts';

// the quiz stores answers only with the consent to collect them (decision 0076)
const quizConsent = { kind: 'collect_health_data', version: healthDataConsentTexts.collect_health_data.version };

const dataDir = mkdtempSync(join(tmpdir(), 'shop-process-'));

const startShop = (listenOn: number) =>
  startShopProcess({ DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(listenOn), LOG_LEVEL: 'info' });

afterAll(killStartedShops);

// The whole life of the process on the embedded database: start, refuse a second process on the
// same folder, drain and close on SIGTERM, and keep the data for the next start.
describe('the shop process on PGlite', () => {
  it('locks its data folder, shuts down cleanly and keeps its data', async () => {
    const [firstPort, secondPort, thirdPort] = [await freePort(), await freePort(), await freePort()];
    const first = startShop(firstPort);
    await first.ready;
    expect(first.output()).toContain(`Operator console: http://localhost:${firstPort}/admin`);
    // a first start makes a clinician and a support account too, and says where their passwords are
    for (const role of ['operator', 'clinician', 'support']) {
      expect(first.output()).toContain(`${role}@shop.local with the password in ${dataDir}/${role}-password`);
    }
    expect(first.output()).toContain(`and at http://127.0.0.1:${firstPort}`);
    const base = `http://127.0.0.1:${firstPort}/api`;
    // the clinician signs in from a page served at 127.0.0.1, not only at PUBLIC_URL's localhost
    const signIn = (origin: string) =>
      fetch(`${base}/auth/sign-in/email`, {
        method: 'POST',
        // a cookie, as a browser sends: the origin check applies to requests that carry one
        headers: { 'content-type': 'application/json', origin, cookie: 'exp=quiz.1' },
        body: JSON.stringify({ email: 'clinician@shop.local', password: readFileSync(join(dataDir, 'clinician-password'), 'utf8').trim() }),
      });
    const signedIn = await signIn(`http://127.0.0.1:${firstPort}`);
    expect(signedIn.status, await signedIn.clone().text()).toBe(200);
    expect(await signedIn.json()).toMatchObject({ user: { email: 'clinician@shop.local', role: 'clinician' } });
    expect((await signIn('http://elsewhere.example')).status).toBe(403);
    expect(await (await fetch(`${base}/health`)).json()).toEqual({ status: 'ok', database: 'up' });
    const created = await fetch(`${base}/quiz-results`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ variant: 'quiz', answers: { goal: 'sleep', sex: 'female', dateOfBirth: '1985-02-03' }, consent: quizConsent }),
    });
    const { id } = (await created.json()) as { id: string };
    // the result is the browser's that took the quiz; its cookie is signed with the secret the data folder keeps
    const cookie = created.headers
      .getSetCookie()
      .map((set) => set.split(';')[0])
      .join('; ');

    const second = startShop(secondPort);
    await expect(second.ready).rejects.toThrow(/is in use by another process/);
    expect(await second.exited).toBe(1);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('database closed');
    expect(existsSync(join(dataDir, 'shop.lock'))).toBe(false);

    const third = startShop(thirdPort);
    await third.ready;
    const again = await fetch(`http://127.0.0.1:${thirdPort}/api/quiz-results/${id}`, { headers: { cookie } });
    expect(again.status).toBe(200);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  }, 90_000);

  it('stops at start-up on a wrong environment variable and names it', async () => {
    const shop = startShopProcess({ PORT: 'eighty', DATA_DIR: dataDir });
    await expect(shop.ready).rejects.toThrow('exited before it was ready');
    const code = await shop.exited;
    const output = shop.output();
    expect(code).toBe(1);
    expect(output).toMatch(/PORT/);
    expect(output).toContain('See .env.example');
  }, 30_000);
});
