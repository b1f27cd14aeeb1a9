import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../../..');

/**
 * A port nothing listens on, as the system hands it out. A fixed port in the ephemeral range can be
 * taken at any moment by some connection's local end (a test once failed with EADDRINUSE that way);
 * a port the system just chose for us is free unless something grabs it in the next instant.
 */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolvePort(port));
    });
  });
}

/** Every shop process a test file started, to be killed in its afterAll if still running. */
export const startedShops: ChildProcess[] = [];

export function killStartedShops(): void {
  for (const child of startedShops) if (child.exitCode === null) child.kill('SIGKILL');
}

/**
 * `main.ts` in a process of its own, API only, with these variables over the test's environment:
 * `ready` resolves when it listens and rejects if it exits first, with what it printed.
 */
export function startShopProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    env: { ...process.env, SHOP_API_ONLY: '1', NODE_ENV: 'development', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  startedShops.push(child);
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
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
