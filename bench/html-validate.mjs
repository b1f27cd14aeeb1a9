// The Nu HTML Checker on every prerendered page of the build: prints each error and the count.
//   npm run build && npm run bench:html
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { root } from './lib/server.mjs';

const vnuJar = createRequire(import.meta.url)('vnu-jar');
const client = join(root, 'apps/web/build/client');
const pages = readdirSync(client, { recursive: true })
  .map(String)
  .filter((file) => file.endsWith('index.html') && !file.startsWith('assets'))
  .map((file) => join(client, file));
if (pages.length === 0) throw new Error('No prerendered page in apps/web/build/client: is the site built?');

let report;
try {
  report = execFileSync('java', ['-jar', String(vnuJar), '--errors-only', '--format', 'json', ...pages], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
} catch (error) {
  // the checker exits 1 when it finds errors and writes its report to stderr
  report = error.stderr || error.stdout;
}
// The stylesheet is inlined in every page (decision record 0012), so the checker's CSS validator
// reads it too, and that validator predates some CSS the browsers all support: these messages are
// about the validator, not the page. They are counted and printed apart, never silently dropped.
const outdatedCssChecks = [
  { pattern: /^CSS: Unrecognized at-rule “@property”/, why: '@property (CSS Properties and Values API)' },
  {
    pattern: /^CSS: “transition-property”: “--[\w-]+” is not a “transition-property” value/,
    why: 'transitions of registered custom properties',
  },
  { pattern: /^CSS: “margin-trim”: Property “margin-trim” doesn't exist/, why: 'margin-trim (CSS Box Model 4)' },
];
const errors = JSON.parse(report || '{"messages":[]}').messages.filter((message) => message.type === 'error');
const setAside = new Map();
const messages = errors.filter((message) => {
  const known = outdatedCssChecks.find((check) => check.pattern.test(message.message ?? ''));
  if (known) setAside.set(known.why, (setAside.get(known.why) ?? 0) + 1);
  return !known;
});
for (const [why, count] of setAside)
  console.log(`  set aside: ${count} CSS messages on ${why}, which the checker's CSS validator does not know`);
for (const message of messages) {
  const page = decodeURIComponent(message.url ?? '')
    .replace(`file:${client}`, '')
    .replace(/index\.html$/, '');
  console.log(`${page || '/'}:${message.lastLine ?? '?'}  ${message.message}`);
}
console.log(`Nu HTML Checker: ${pages.length} prerendered pages, ${messages.length} errors`);
