import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
// TEST_PORT_OFFSET moves the ports, so two checkouts of the project can run their tests at once
const port = (base: number) => base + Number(process.env.TEST_PORT_OFFSET ?? 0);
const dataDir = mkdtempSync(join(tmpdir(), 'shop-process-'));
const started: ChildProcess[] = [];

function startShop(port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(port), SHOP_API_ONLY: '1', LOG_LEVEL: 'info', NODE_ENV: 'development' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolveExit) => child.on('exit', (code) => resolveExit(code)));
  const ready = new Promise<void>((resolveReady, reject) => {
    const timer = setInterval(() => {
      if (output.includes('The shop is running')) {
        clearInterval(timer);
        resolveReady();
      }
    }, 50);
    void exited.then(() => {
      clearInterval(timer);
      reject(new Error(`exited before it was ready:\n${output}`));
    });
  });
  return { child, ready, exited, output: () => output };
}

afterAll(() => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
});

// The whole life of the process on the embedded database: start, refuse a second process on the
// same folder, drain and close on SIGTERM, and keep the data for the next start.
describe('the shop process on PGlite', () => {
  it('locks its data folder, shuts down cleanly and keeps its data', async () => {
    const first = startShop(port(39121));
    await first.ready;
    expect(first.output()).toContain(`Operator console: http://localhost:${port(39121)}/admin`);
    const base = `http://127.0.0.1:${port(39121)}/api`;
    expect(await (await fetch(`${base}/health`)).json()).toEqual({ status: 'ok', database: 'up' });
    const created = await fetch(`${base}/quiz-results`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ variant: 'quiz', answers: { goal: 'sleep', sex: 'female', dateOfBirth: '1985-02-03' } }),
    });
    const { id } = (await created.json()) as { id: string };
    // the result is the browser's that took the quiz; its cookie is signed with the secret the data folder keeps
    const cookie = created.headers.getSetCookie().map((set) => set.split(';')[0]).join('; ');

    const second = startShop(port(39122));
    await expect(second.ready).rejects.toThrow(/is in use by another process/);
    expect(await second.exited).toBe(1);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('database closed');
    expect(existsSync(join(dataDir, 'shop.lock'))).toBe(false);

    const third = startShop(port(39123));
    await third.ready;
    const again = await fetch(`http://127.0.0.1:${port(39123)}/api/quiz-results/${id}`, { headers: { cookie } });
    expect(again.status).toBe(200);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  }, 90_000);

  it('stops at start-up on a wrong environment variable and names it', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
      cwd: root,
      env: { ...process.env, PORT: 'eighty', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (chunk) => (output += chunk));
    const code = await new Promise((resolveExit) => child.on('exit', resolveExit));
    expect(code).toBe(1);
    expect(output).toMatch(/PORT/);
    expect(output).toContain('See .env.example');
  }, 30_000);
});
