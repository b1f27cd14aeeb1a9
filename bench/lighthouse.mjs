// Lighthouse (mobile defaults) on the storefront's key pages, the median of 3 runs each.
//   npm run build && npm run bench:lighthouse [-- /other/path ...]
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { median, startShop } from './lib/server.mjs';

const RUNS = 3;
const paths = process.argv.slice(2).length ? process.argv.slice(2) : ['/', '/goal/diet', '/test/cortisol', '/quiz'];
const categories = ['performance', 'accessibility', 'best-practices', 'seo'];
const targets = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
// what Lighthouse's simulated phone receives in the first round trip of a new connection: 10 TCP
// segments of 1,460 bytes. A page whose response (head and compressed body) is larger waits one
// round trip (150 ms) more before it can paint.
const FIRST_ROUND_TRIP_BYTES = 14_600;
// the metrics the performance score is made of, printed as the median of the runs
const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  SI: 'speed-index',
};
const formatMetric = (metric, value) => (metric === 'CLS' ? value.toFixed(3) : `${Math.round(value)} ms`);
const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const shop = await startShop();
const rows = [];
const runs = [];
const findings = new Map();
try {
  for (const path of paths) {
    const scores = Object.fromEntries(categories.map((category) => [category, []]));
    const documentBytes = [];
    const metrics = Object.fromEntries(Object.keys(METRICS).map((metric) => [metric, []]));
    for (let run = 0; run < RUNS; run++) {
      // a fresh browser each run: no cache or service state carries over
      const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags });
      try {
        const result = await lighthouse(`${shop.url}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: categories,
        });
        // a run Lighthouse could not measure scores 0; say why rather than print a bare 0
        if (result.lhr.runtimeError)
          console.log(`${path} run ${run + 1}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
        for (const audit of Object.values(METRICS)) {
          const error = result.lhr.audits[audit].errorMessage;
          if (error) console.log(`${path} run ${run + 1}: ${audit} could not be measured: ${error}`);
        }
        for (const category of categories) scores[category].push(Math.round((result.lhr.categories[category].score ?? 0) * 100));
        const requests = result.lhr.audits['network-requests'].details?.items ?? [];
        for (const [metric, audit] of Object.entries(METRICS)) metrics[metric].push(result.lhr.audits[audit].numericValue ?? 0);
        documentBytes.push(requests.find((request) => request.resourceType === 'Document')?.transferSize ?? 0);
        for (const audit of Object.values(result.lhr.audits)) {
          if (
            audit.score !== null &&
            audit.score < 0.9 &&
            audit.scoreDisplayMode !== 'informative' &&
            audit.scoreDisplayMode !== 'manual'
          ) {
            findings.set(`${path}  ${audit.id}: ${audit.title}`, audit.displayValue ?? '');
          }
        }
      } finally {
        chrome.kill();
      }
    }
    rows.push({
      path,
      ...Object.fromEntries(categories.map((category) => [category, median(scores[category])])),
      'page bytes': median(documentBytes),
    });
    runs.push({
      path,
      'performance, each run': scores.performance.join(' '),
      ...Object.fromEntries(Object.entries(metrics).map(([metric, values]) => [metric, formatMetric(metric, median(values))])),
    });
  }
} finally {
  shop.stop();
}
console.table(rows);
console.table(runs);
const late = rows.filter((row) => row['page bytes'] > FIRST_ROUND_TRIP_BYTES).map((row) => row.path);
console.log(
  `page bytes: the page's response as sent, head included; a first round trip holds ${FIRST_ROUND_TRIP_BYTES.toLocaleString('en-US')}${late.length ? `, and ${late.join(', ')} need a second` : ', and every page fits'}`,
);
for (const [finding, value] of findings) console.log(`  ${finding}${value ? ` (${value})` : ''}`);
const misses = rows.flatMap((row) =>
  categories
    .filter((category) => row[category] < targets[category])
    .map((category) => `${row.path} ${category} ${row[category]} < ${targets[category]}`),
);
console.log(misses.length ? `Below target: ${misses.join('; ')}` : 'Every page meets its targets (performance ≥ 95, the others 100).');
