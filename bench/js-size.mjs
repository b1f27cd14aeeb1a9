// The JavaScript the home page makes a browser download, gzipped as the server sends it.
//   npm run build && npm run bench:js
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from './lib/server.mjs';

const TARGET_KB = 120;
const client = join(root, 'apps/web/build/client');
const html = readFileSync(join(client, 'index.html'), 'utf8');

// every module the page preloads, loads as a script, or imports from its inline boot script
const found = new Set();
for (const pattern of [/<link rel="modulepreload" href="([^"]+\.js)"/g, /<script[^>]*src="([^"]+\.js)"/g, /import\s*(?:[^"']*from\s*)?["'](\/assets\/[^"']+\.js)["']/g]) {
  for (const match of html.matchAll(pattern)) found.add(match[1]);
}
if (found.size === 0) throw new Error('No script found in build/client/index.html: is the site built?');

let raw = 0;
let gzipped = 0;
const rows = [...found].sort().map((path) => {
  const source = readFileSync(join(client, path));
  const size = gzipSync(source, { level: 6 }).length;
  raw += source.length;
  gzipped += size;
  return { file: path, kb: +(source.length / 1024).toFixed(1), gzipKb: +(size / 1024).toFixed(1) };
});
console.table(rows);
const total = gzipped / 1024;
console.log(`home page JavaScript: ${found.size} files, ${(raw / 1024).toFixed(1)} KB, ${total.toFixed(1)} KB gzipped (target ≤ ${TARGET_KB} KB): ${total <= TARGET_KB ? 'within target' : 'OVER TARGET'}`);
