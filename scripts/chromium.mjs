// The Chromium the browser tests drive, both from Debian's packages (never a downloaded browser):
// CHROME_PATH when set; else Debian's headless shell (`chromium-headless-shell`, the same
// Chromium build without the desktop browser around it), which runs the suite in two thirds of
// the time; else the desktop `chromium`. docs/decisions/0080-browser-tests-in-the-headless-shell.md
import { existsSync } from 'node:fs';

export const chromiumCandidates = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** The path of the Chromium to test in, or undefined when there is none. */
export function testChromium(env = process.env) {
  return [env.CHROME_PATH, ...chromiumCandidates].find((path) => path && existsSync(path));
}
