// Starts the built shop on a loopback port with a throw-away embedded database, for the
// benchmarks; stop() ends that one process by its pid.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '../..');

export async function startShop({ port = Number(process.env.BENCH_PORT ?? 3290) } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', PUBLIC_URL: url, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => {
    if (child.exitCode === null) process.kill(child.pid, 'SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The shop stopped while starting (exit ${child.exitCode})`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return { url, stop };
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 500));
  }
  stop();
  throw new Error('The shop did not start within 120 s');
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
