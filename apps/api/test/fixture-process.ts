import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import type { TestShop } from './helpers.ts';

const root = resolve(import.meta.dirname, '../../..');

/**
 * Runs a fixture (apps/api/test/fixtures/`name`.ts) in a process of its own on the shop's PostgreSQL
 * copy, with `env` besides, and waits for it to end: answers the signal that ended it and what it
 * wrote to stderr, which says why when it was not the signal a test expects.
 */
export async function runFixture(
  name: string,
  shop: TestShop,
  env: Record<string, string> = {},
): Promise<{ signal: NodeJS.Signals | null; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', `apps/api/test/fixtures/${name}.ts`], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: shop.url!, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const signal = await new Promise<NodeJS.Signals | null>((done) => child.on('exit', (_code, killed) => done(killed)));
  return { signal, stderr };
}
