// `npm start`: builds the web app when its sources changed since the last build, then runs the
// one process that serves the pages and the API. Signals reach the server so it can shut down
// cleanly.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
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

const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const changedAt = Math.max(...sources.map((source) => newestChange(join(root, source))));
if (changedAt > builtAt) {
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(stamp, new Date().toISOString());
}

const args = [...(existsSync(envFile) ? [`--env-file=${envFile}`] : []), '--import', 'tsx', join(root, 'apps/api/src/main.ts')];
const server = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
