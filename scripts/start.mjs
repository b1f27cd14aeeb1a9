// `npm start`: builds the web app when its sources changed since the last build, then runs the
// one process that serves the pages and the API. Signals reach the server so it can shut down
// cleanly.
import './require-node.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const stamp = join(root, 'apps/web/build/.built');
// .env too: a prerendered page carries PUBLIC_URL and PUBLIC_API_BASE_URL as the build read them
const sources = [
  '.env',
  'apps/web/app',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'apps/web/react-router.config.ts',
  'apps/web/package.json',
  'packages/core/src',
  'packages/client/src',
];

function newestChange(path) {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestChange(join(path, name))), info.mtimeMs);
}

const envFile = join(root, '.env');
// the build reads the same .env as the server (variables set in the environment win, as there)
if (existsSync(envFile)) process.loadEnvFile(envFile);

// the addresses prerendered pages link with, as the server will see them (its own default for PUBLIC_URL)
const addresses = JSON.stringify({
  PUBLIC_URL: process.env.PUBLIC_URL || `http://localhost:${process.env.PORT || 3000}`,
  PUBLIC_API_BASE_URL: process.env.PUBLIC_API_BASE_URL || '/api',
});
const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const builtFor = existsSync(stamp) ? readFileSync(stamp, 'utf8') : '';
const changedAt = Math.max(...sources.map((source) => newestChange(join(root, source))));
if (changedAt > builtAt || builtFor !== addresses) {
  console.log(builtAt > 0 && builtFor !== addresses ? 'The public address changed: building the web app again…' : 'Building the web app…');
  // the build writes the pages' links from PUBLIC_URL: the same one the server is given
  const build = spawnSync('npm', ['run', 'build', '--silent'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PUBLIC_URL: JSON.parse(addresses).PUBLIC_URL },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(stamp, addresses);
}

const args = [...(existsSync(envFile) ? [`--env-file=${envFile}`] : []), '--import', 'tsx', join(root, 'apps/api/src/main.ts')];
const server = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
