import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The specification's words (§8) for a page asked to be prerendered that the build did not write. */
export function notPrerenderedMessage(path: string): string {
  return `Route ${path} is not pre-rendered`;
}

/**
 * The files a prerendered page is made of in the client build: its HTML, and the data payload a
 * browser fetches when it comes to the page by a client-side navigation (`/_.data` for `/`).
 */
export function prerenderedFiles(path: string): string[] {
  if (path === '/') return ['index.html', '_.data'];
  const page = path.replace(/^\/+|\/+$/g, '');
  return [`${page}/index.html`, `${page}.data`];
}

/**
 * Checks that every page asked for as prerendered was written: a page the build was asked for but
 * did not make would be rendered on each request instead, unnoticed. Throws with the
 * specification's message for the first one missing.
 */
export function assertPrerendered(clientDir: string, paths: readonly string[]): void {
  for (const path of paths) {
    if (prerenderedFiles(path).some((file) => !existsSync(join(clientDir, file)))) throw new Error(notPrerenderedMessage(path));
  }
}
