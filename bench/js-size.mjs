// The JavaScript the home page makes a browser download, in the bytes the server sends: the gzip
// and brotli copies the build wrote next to each file (apps/web/scripts/precompress.mjs).
//   npm run build && npm run bench:js
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { root } from './lib/server.mjs';

// decision record 0083: 125 KB while the shop is on React Router 8 (0011 set 120 on React Router 7)
const TARGET_KB = 125;
const client = join(root, 'apps/web/build/client');
const html = readFileSync(join(client, 'index.html'), 'utf8');

// every module the page preloads or prefetches, loads as a script, or imports from its inline boot
// script, and every module those import in turn (a dynamic import() inside a module is loaded later,
// when needed, and is not counted)
const found = new Set();
for (const pattern of [
  /<link rel="(?:modulepreload|prefetch)" href="([^"]+\.js)"/g,
  /<script[^>]*src="([^"]+\.js)"/g,
  /import\s*\(?\s*(?:[^"'()]*from\s*)?["'](\/assets\/[^"']+\.js)["']/g,
]) {
  for (const match of html.matchAll(pattern)) found.add(match[1]);
}
for (const path of found) {
  const source = readFileSync(join(client, path), 'utf8');
  for (const match of source.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.js)["']/g)) found.add(`/assets/${match[1]}`);
}
if (found.size === 0) throw new Error('No script found in build/client/index.html: is the site built?');

// the copy the server sends; a file too small to have one goes out compressed on the fly
function sent(path, extension, compress) {
  const copy = join(client, `${path}.${extension}`);
  return existsSync(copy) ? readFileSync(copy).length : compress(readFileSync(join(client, path))).length;
}

let raw = 0;
let gzipped = 0;
let brotli = 0;
const rows = [...found].sort().map((path) => {
  const size = readFileSync(join(client, path)).length;
  const gzipSize = sent(path, 'gz', (source) => gzipSync(source, { level: 6 }));
  const brotliSize = sent(path, 'br', (source) => brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }));
  raw += size;
  gzipped += gzipSize;
  brotli += brotliSize;
  return { file: path, kb: +(size / 1024).toFixed(1), gzipKb: +(gzipSize / 1024).toFixed(1), brotliKb: +(brotliSize / 1024).toFixed(1) };
});
console.table(rows);
const total = gzipped / 1024;
console.log(
  `home page JavaScript: ${found.size} files, ${(raw / 1024).toFixed(1)} KB, ${total.toFixed(1)} KB gzipped (target ≤ ${TARGET_KB} KB): ` +
    `${total <= TARGET_KB ? 'within target' : 'OVER TARGET'}; ${(brotli / 1024).toFixed(1)} KB to a browser that takes brotli`,
);

// A page's first load, from the route manifest the build wrote: the entry, then each route from the
// root down to the page's own, with every module each imports. A module the page loads only when
// needed (the bank's confirmation, the account step's check) is not in it. Raw bytes are what the
// browser parses and compiles, which is what a page's blocking time grows with.
const manifestFile = readdirSync(join(client, 'assets')).find((name) => /^manifest-[\w-]+\.js$/.test(name));
if (!manifestFile) throw new Error('No route manifest in build/client/assets: is the site built?');
const manifestSource = readFileSync(join(client, 'assets', manifestFile), 'utf8');
const manifest = JSON.parse(manifestSource.slice(manifestSource.indexOf('=') + 1).replace(/;\s*$/, ''));
// the route a page is served by: the one whose path, joined to its parents' paths, matches the page's
function routeOf(page) {
  const fullPath = (route) => (route ? [fullPath(manifest.routes[route.parentId]), route.path ?? ''].filter(Boolean).join('/') : '');
  const matches = (route) => {
    const path = fullPath(route).replace(/^\/+/, '');
    if (route.path === undefined || path.includes('*')) return false;
    const pattern = path.replace(/:[\w]+/g, '[^/]+');
    return new RegExp(`^${pattern}$`).test(page.slice(1));
  };
  const route = Object.values(manifest.routes).find((candidate) => matches(candidate) && !candidate.index);
  if (!route) throw new Error(`No route serves ${page} in the route manifest`);
  return route;
}
for (const page of ['/quiz', '/test/cortisol', '/checkout-payment']) {
  const route = routeOf(page);
  const modules = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (let step = route; step; step = manifest.routes[step.parentId]) {
    modules.add(step.module);
    for (const path of step.imports ?? []) modules.add(path);
  }
  const rawSize = [...modules].reduce((sum, path) => sum + readFileSync(join(client, path)).length, 0);
  const gzipSize = [...modules].reduce((sum, path) => sum + sent(path, 'gz', (source) => gzipSync(source, { level: 6 })), 0);
  console.log(
    `${page} JavaScript on first load: ${modules.size} files, ${(rawSize / 1024).toFixed(1)} KB, ${(gzipSize / 1024).toFixed(1)} KB gzipped`,
  );
}
