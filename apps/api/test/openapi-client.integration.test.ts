import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { describedDoors } from '../src/account/auth-routes.ts';
import { clientFiles, generateClientFiles } from '../src/openapi/client-files.ts';
import { createTestShop, uniqueEmail, Visitor, type TestShop } from './helpers.ts';

const root = resolve(import.meta.dirname, '../../..');

/** Where two texts first part, as a short message (null when they are the same). */
function firstDifference(committed: string, generated: string): string | null {
  if (committed === generated) return null;
  const before = committed.split('\n');
  const after = generated.split('\n');
  let line = 0;
  while (line < Math.max(before.length, after.length) && before[line] === after[line]) line += 1;
  return `first difference at line ${line + 1}:\n  committed: ${before[line]?.trim() ?? '(end of file)'}\n  from the routes: ${after[line]?.trim() ?? '(end of file)'}`;
}

// The client's types (packages/client/src/api-types.ts) are generated from the API's OpenAPI
// document (packages/client/openapi.json); both are committed. Here both are generated again
// from the routes as they are now: a route schema changed without generating again fails, and
// once generated, the web app's type check fails wherever it used what changed.
describe('the client generated from the API', () => {
  it('is up to date with the routes', { timeout: 120_000 }, async () => {
    const generated = await generateClientFiles();
    for (const [path, text] of [
      [clientFiles.document, generated.document],
      [clientFiles.types, generated.types],
    ] as const) {
      const difference = firstDifference(readFileSync(path, 'utf8'), text);
      expect(
        difference,
        `${relative(root, path)} does not match the API's routes: run \`npm run client:generate\` and commit what it writes\n${difference}`,
      ).toBeNull();
    }
  });
});

// better-auth answers these doors with its own bytes, past any response schema of ours: here
// their answers are held to what the document says of them.
describe('the better-auth doors the client calls', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop();
  });
  afterAll(() => shop.close());

  const documented = (url: string) => (describedDoors.find((door) => door.url === url)!.schema.response as Record<200, ZodType>)[200];

  it('answer as the document describes them', async () => {
    const email = uniqueEmail('documented');
    const password = 'Sup3r-secret-password!';
    const visitor = new Visitor(shop.app);
    expect((await visitor.post('/api/auth/sign-up/email', { email, password, name: 'Member' })).statusCode).toBe(200);
    expect(documented('/auth/get-session').parse((await visitor.get('/api/auth/get-session')).json())).toBeNull();
    const signedIn = await visitor.post('/api/auth/sign-in/email', { email, password });
    expect(signedIn.statusCode).toBe(200);
    expect(documented('/auth/sign-in/email').parse(signedIn.json())).toMatchObject({ user: { email } });
    expect(documented('/auth/get-session').parse((await visitor.get('/api/auth/get-session')).json())).toMatchObject({
      user: { email, role: 'customer' },
    });
    const signedOut = await visitor.post('/api/auth/sign-out', {});
    expect(documented('/auth/sign-out').parse(signedOut.json())).toEqual({ success: true });
  });
});
