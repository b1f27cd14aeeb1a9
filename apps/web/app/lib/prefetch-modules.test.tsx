import { describe, expect, it } from 'vitest';
import { prefetchModules } from './prefetch-modules.server';

const MODULE_TEXT = `;
import * as route0 from "/assets/root-A1.js";
  window.__reactRouterManifest = {
  "entry": {
    "module": "/assets/entry.client-B2.js",
    "imports": [
      "/assets/shell-C3.js"
    ]
  },
  "url": "/assets/manifest-1.js"
};
  window.__reactRouterRouteModules = {"root":route0};

import("/assets/entry.client-B2.js");`;

const page = (moduleText = MODULE_TEXT) =>
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-B2.js"/><link rel="modulepreload" href="/assets/shell-C3.js"/>' +
  '<link rel="modulepreload" href="/assets/root-A1.js"/></head><body><main>Hello</main>' +
  `<script>window.__reactRouterContext = {};</script><script type="module" async="">${moduleText}</script>` +
  '<!--$--><script>window.__reactRouterContext.streamController.enqueue("[]");</script><!--/$--></body></html>';

interface Appended {
  tag: string;
  rel?: string;
  href?: string;
}

/** Runs the classic script the page carries before its module script, against a stand-in document built from the page's prefetch links. */
function preloadAgain(html: string): Appended[] {
  const script = /<script>(for\(let l of [\s\S]*?)<\/script><script type="module"/.exec(html)?.[1];
  if (!script) throw new Error('no preload script before the module script');
  const appended: Appended[] = [];
  const document = {
    head: { append: (element: Appended) => appended.push(element) },
    createElement: (tag: string) => ({ tag }),
    querySelectorAll: (selector: string) => {
      expect(selector).toBe('link[rel=prefetch]');
      return [...html.matchAll(/<link rel="prefetch" href="([^"]+)"\/>/g)].map((link) => ({ href: link[1] }));
    },
  };
  new Function('document', script)(document);
  return appended;
}

describe('prefetched modules', () => {
  it('turns each module preload of the head into a prefetch, in its place and order', () => {
    const html = prefetchModules(page());
    expect(html).toContain(
      '<head><meta charSet="utf-8"/><link rel="prefetch" href="/assets/entry.client-B2.js"/><link rel="prefetch" href="/assets/shell-C3.js"/>' +
        '<link rel="prefetch" href="/assets/root-A1.js"/></head>',
    );
    expect(html).not.toContain('<link rel="modulepreload"');
  });

  it('asks for the module preloads again just before the module script, which stays where it was', () => {
    const html = prefetchModules(page());
    expect(html).toContain('<body><main>Hello</main><script>window.__reactRouterContext = {};</script><script>for(let l of');
    expect(html).toContain('</script><!--$--><script>window.__reactRouterContext.streamController.enqueue("[]");</script><!--/$--></body></html>');
    expect(preloadAgain(html)).toEqual([
      { tag: 'link', rel: 'modulepreload', href: '/assets/entry.client-B2.js' },
      { tag: 'link', rel: 'modulepreload', href: '/assets/shell-C3.js' },
      { tag: 'link', rel: 'modulepreload', href: '/assets/root-A1.js' },
    ]);
  });

  it('writes the route manifest without indentation and leaves the rest of the module script as it was', () => {
    const html = prefetchModules(page());
    const moduleText = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(moduleText).toBe(
      MODULE_TEXT.replace(
        /\{\n {2}"entry"[\s\S]*?\n\};/,
        '{"entry":{"module":"/assets/entry.client-B2.js","imports":["/assets/shell-C3.js"]},"url":"/assets/manifest-1.js"};',
      ),
    );
    expect(moduleText).toContain('import("/assets/entry.client-B2.js");');
  });

  it('escapes "<" in the manifest it rewrites, and leaves a manifest it cannot read alone', () => {
    const escaped = prefetchModules(page(MODULE_TEXT.replace('manifest-1.js', '<!--.js')));
    expect(escaped).not.toContain('<!--.js');
    expect(escaped).toContain('"url":"/assets/\\u003c!--.js"');
    const unreadable = MODULE_TEXT.replace('"url"', 'url');
    expect(prefetchModules(page(unreadable))).toContain(unreadable);
  });

  it('returns a page without a module script as it is', () => {
    const plain = '<!DOCTYPE html><html><head><link rel="modulepreload" href="/a.js"/></head><body></body></html>';
    expect(prefetchModules(plain)).toBe(plain);
  });
});
