import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheControlFor, findPrerenderedPages, pageKey, uncompressedPath } from './prerendered.ts';

describe('prerendered pages', () => {
  it('maps each index.html of the client build to its page, and never an asset', () => {
    const dir = mkdtempSync(join(tmpdir(), 'prerendered-'));
    for (const folder of ['', 'goal/diet', 'blog', 'assets']) {
      mkdirSync(join(dir, folder), { recursive: true });
      writeFileSync(join(dir, folder, 'index.html'), '<!doctype html>');
    }
    writeFileSync(join(dir, 'goal', 'diet.data'), '');
    const pages = findPrerenderedPages(dir);
    expect(Object.fromEntries(pages)).toEqual({ '/': 'index.html', '/goal/diet': 'goal/diet/index.html', '/blog': 'blog/index.html' });
  });

  it('finds nothing without a build', () => {
    expect(findPrerenderedPages(join(tmpdir(), 'no-such-build-folder')).size).toBe(0);
  });

  it('reads /x, /x/ and a query as the page /x', () => {
    expect(pageKey('/goal/diet')).toBe('/goal/diet');
    expect(pageKey('/goal/diet/')).toBe('/goal/diet');
    expect(pageKey('/goal/diet?affiliate=hbr')).toBe('/goal/diet');
    expect(pageKey('/')).toBe('/');
    expect(pageKey('/%E0%A4%A')).toBe('/%E0%A4%A');
  });

  it('caches hashed assets for a year and makes pages revalidate', () => {
    expect(cacheControlFor('/srv/build/client/assets/root-AbC123.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/srv/build/client/goal/diet/index.html')).toBe('no-cache');
    expect(cacheControlFor('/srv/build/client/goal/diet.data')).toBe('no-cache');
    expect(cacheControlFor('/srv/build/client/favicon.svg')).toBe('public, max-age=3600');
  });

  it('reads a precompressed copy as the file it was made from', () => {
    expect(uncompressedPath('/srv/build/client/goal/diet/index.html.br')).toBe('/srv/build/client/goal/diet/index.html');
    expect(uncompressedPath('/srv/build/client/goal/diet.data.gz')).toBe('/srv/build/client/goal/diet.data');
    expect(uncompressedPath('/srv/build/client/assets/root-AbC123.js')).toBe('/srv/build/client/assets/root-AbC123.js');
  });
});
