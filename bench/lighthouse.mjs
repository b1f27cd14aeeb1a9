// Lighthouse (mobile defaults) on the storefront's key pages, the median of 3 runs each.
//   npm run build && npm run bench:lighthouse [-- /other/path ...]
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { median, startShop } from './lib/server.mjs';

const RUNS = 3;
const paths = process.argv.slice(2).length ? process.argv.slice(2) : ['/', '/goal/diet', '/test/cortisol', '/quiz'];
const categories = ['performance', 'accessibility', 'best-practices', 'seo'];
const targets = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
const chromeFlags = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const shop = await startShop();
const rows = [];
const findings = new Map();
try {
  for (const path of paths) {
    const scores = Object.fromEntries(categories.map((category) => [category, []]));
    for (let run = 0; run < RUNS; run++) {
      // a fresh browser each run: no cache or service state carries over
      const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags });
      try {
        const result = await lighthouse(`${shop.url}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: categories });
        for (const category of categories) scores[category].push(Math.round((result.lhr.categories[category].score ?? 0) * 100));
        for (const audit of Object.values(result.lhr.audits)) {
          if (audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'manual') {
            findings.set(`${path}  ${audit.id}: ${audit.title}`, audit.displayValue ?? '');
          }
        }
      } finally {
        await chrome.kill();
      }
    }
    rows.push({ path, ...Object.fromEntries(categories.map((category) => [category, median(scores[category])])) });
  }
} finally {
  shop.stop();
}
console.table(rows);
for (const [finding, value] of findings) console.log(`  ${finding}${value ? ` (${value})` : ''}`);
const misses = rows.flatMap((row) => categories.filter((category) => row[category] < targets[category]).map((category) => `${row.path} ${category} ${row[category]} < ${targets[category]}`));
console.log(misses.length ? `Below target: ${misses.join('; ')}` : 'Every page meets its targets (performance ≥ 95, the others 100).');
