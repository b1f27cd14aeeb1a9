// `npm start`: builds the web app when its sources changed since the last build, then runs the
// one process that serves the pages and the API. Signals reach the server so it can shut down
// cleanly. `npm run dev` (--dev) does the same, then watches the sources: a change to the API's
// restarts the server, a change to the web app's builds it again first.
import './require-node.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, watch, writeFileSync } from 'node:fs';
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
/** Builds the web app when a source changed since the last build, or the addresses did; false when the build failed. */
function buildWhenChanged() {
  const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  const builtFor = existsSync(stamp) ? readFileSync(stamp, 'utf8') : '';
  const changedAt = Math.max(...sources.map((source) => newestChange(join(root, source))));
  if (changedAt <= builtAt && builtFor === addresses) return true;
  console.log(builtAt > 0 && builtFor !== addresses ? 'The public address changed: building the web app again…' : 'Building the web app…');
  // the build writes the pages' links from PUBLIC_URL: the same one the server is given
  const build = spawnSync('npm', ['run', 'build', '--silent'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PUBLIC_URL: JSON.parse(addresses).PUBLIC_URL },
  });
  if (build.status !== 0) return false;
  writeFileSync(stamp, addresses);
  return true;
}

const args = [...(existsSync(envFile) ? [`--env-file=${envFile}`] : []), '--import', 'tsx', join(root, 'apps/api/src/main.ts')];
const startServer = () => spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });

if (!process.argv.includes('--dev')) {
  if (!buildWhenChanged()) process.exit(1);
  const server = startServer();
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else {
  developing();
}

/**
 * Development: the server restarts a moment after the sources change (several saves make one
 * restart), once the old process has exited, since the embedded database admits one process. A
 * failed build keeps the last server running and says so; the next change tries again.
 */
function developing() {
  const watched = [...sources.filter((source) => source !== '.env'), 'apps/api/src', 'packages/db/src', 'packages/db/migrations'];
  let server = buildWhenChanged() ? startServer() : undefined;
  let timer;
  let stopping = false;
  const restart = () => {
    console.log('\nSources changed: restarting…');
    if (!buildWhenChanged()) {
      console.log('The web app did not build: the shop keeps running the last build. Fix the error and save again.');
      return;
    }
    const next = () => (server = startServer());
    if (!server || server.exitCode !== null) return next();
    server.once('exit', next);
    server.kill('SIGTERM');
  };
  for (const source of watched) {
    const path = join(root, source);
    if (!existsSync(path)) continue;
    watch(path, { recursive: true }, (_event, file) => {
      // what the build or the type generator writes is no source
      if (stopping || (file && /(^|\/)(\.react-router|build|node_modules)(\/|$)/.test(file))) return;
      clearTimeout(timer);
      timer = setTimeout(restart, 300);
    });
  }
  console.log('Watching the sources: a saved change restarts the shop (reload the page to see it).');
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      stopping = true;
      clearTimeout(timer);
      if (!server || server.exitCode !== null) process.exit(0);
      server.once('exit', () => process.exit(0));
      server.kill(signal);
    });
  }
}
