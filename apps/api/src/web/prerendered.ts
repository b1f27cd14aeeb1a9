import { existsSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/**
 * The pages the build prerendered, by URL path: `build/client/x/index.html` is the page `/x`
 * (and `index.html` at the top is `/`). Read once at start-up; a new build means a new process.
 */
export function findPrerenderedPages(clientDir: string): Map<string, string> {
  const pages = new Map<string, string>();
  if (!existsSync(clientDir)) return pages;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      // hashed assets are never pages
      if (entry.isDirectory() && !(dir === clientDir && entry.name === 'assets')) walk(full);
      else if (entry.isFile() && entry.name === 'index.html') {
        const folder = relative(clientDir, dir).split(sep).join('/');
        pages.set(folder === '' ? '/' : `/${folder}`, relative(clientDir, full).split(sep).join('/'));
      }
    }
  };
  walk(clientDir);
  return pages;
}

/** The page a URL path names: `/x`, `/x/` and (after the .html rewrite) `/x.html` are one page. */
export function pageKey(url: string): string {
  const path = url.split('?')[0] ?? '/';
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // a malformed escape is no page of ours; the router answers it
  }
  const trimmed = decoded.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/**
 * Hashed build assets never change under their name; pages and their data are kept but revalidated
 * before each use (`no-cache`, the same as `max-age=0, must-revalidate` in fewer bytes of a page's
 * first round trip); other files are fresh for an hour.
 */
export function cacheControlFor(path: string): string {
  if (/(^|[/\\])assets[/\\]/.test(path)) return 'public, max-age=31536000, immutable';
  if (path.endsWith('.html') || path.endsWith('.data')) return 'no-cache';
  return 'public, max-age=3600';
}

/** The file a precompressed copy was made from: `x.js.br` and `x.js.gz` are `x.js` as sent. */
export function uncompressedPath(path: string): string {
  return path.replace(/\.(br|gz)$/, '');
}
