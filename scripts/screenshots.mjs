// Screenshots of pages at the three breakpoints, for looking at what a person sees:
//   node scripts/screenshots.mjs http://localhost:3000 out-folder / /quiz /not-found
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const [base = 'http://localhost:3000', out = 'screenshots', ...paths] = process.argv.slice(2);
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
for (const width of [375, 800, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  for (const path of paths.length ? paths : ['/']) {
    await page.goto(base + path, { waitUntil: 'networkidle' });
    const file = join(out, `${path.replace(/[^a-z0-9]+/gi, '_') || 'home'}-${width}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await page.close();
}
await browser.close();
