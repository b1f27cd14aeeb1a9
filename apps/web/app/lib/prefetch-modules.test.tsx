import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { joinInlineScripts, prefetchModules } from './prefetch-modules.server';

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
  runInNewContext(script, { document });
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
    expect(html).toContain(
      '</script><!--$--><script>window.__reactRouterContext.streamController.enqueue("[]");</script><!--/$--></body></html>',
    );
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

// the end of a page as React Router 8 writes it: the root's script, scroll restoration, context,
// the module script, then the data it streams inside Suspense markers
const tail = (nonce?: string) => {
  const open = nonce === undefined ? '<script>' : `<script nonce="${nonce}">`;
  return (
    '<!DOCTYPE html><html lang="en"><head></head><body><main>Hello</main>' +
    `${open}window.__SHOP_CONFIG__={}</script>${open}(() => {})("scroll", null)</script>` +
    `${open}window.__reactRouterContext = {};</script>` +
    `<script${nonce === undefined ? '' : ` nonce="${nonce}"`} type="module" async="">${MODULE_TEXT}</script>` +
    `<!--$-->${open}window.__reactRouterContext.streamController.enqueue("[]");</script>` +
    `<!--$-->${open}window.__reactRouterContext.streamController.close();</script><!--/$--><!--/$--></body></html>`
  );
};

describe('the inline scripts that end a page, joined', () => {
  it('joins the classic scripts into the last one before the module script, in the order they ran, data last', () => {
    const html = joinInlineScripts(prefetchModules(tail()));
    expect(html).toContain(
      '<main>Hello</main><script></script><script></script><script></script><script>window.__SHOP_CONFIG__={}\n;(() => {})("scroll", null)\n;' +
        'window.__reactRouterContext = {};\n;for(let l of document.querySelectorAll("link[rel=prefetch]"))',
    );
    expect(html).toContain(
      '\n;window.__reactRouterContext.streamController.enqueue("[]");\n;window.__reactRouterContext.streamController.close();</script><script type="module" async="">',
    );
    // the data scripts are gone from after the module script; React's markers stay
    expect(html).toMatch(/import\("\/assets\/entry\.client-B2\.js"\);<\/script><!--\$--><!--\$--><!--\/\$--><!--\/\$--><\/body><\/html>$/);
    // one classic script with text and the module script: a prerendered page's policy names two hashes
    expect([...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].filter((script) => script[1] !== '')).toHaveLength(2);
  });

  it('leaves the scripts as elements, so the browser hydrates the same tree', () => {
    const before = tail().match(/<script[\s>]/g)?.length ?? 0;
    const after = joinInlineScripts(tail()).match(/<script[\s>]/g)?.length ?? 0;
    // the two data scripts go: React Router renders them on the server only
    expect(after).toBe(before - 2);
  });

  it('on a page rendered for one visitor, joins only scripts that carry its nonce and gives every script the nonce', () => {
    const html = joinInlineScripts(prefetchModules(tail('abc+/=='), 'abc+/=='), 'abc+/==');
    expect(html).toContain(
      '<script nonce="abc+/=="></script><script nonce="abc+/=="></script><script nonce="abc+/=="></script><script nonce="abc+/==">window.__SHOP_CONFIG__',
    );
    expect(html).toContain('streamController.close();</script><script nonce="abc+/==" type="module" async="">');
    expect(html.match(/<script[\s>]/g)?.length).toBe(html.match(/<script nonce="abc\+\/=="/g)?.length);
  });

  it('turns the preloads into prefetches on a page with a nonce too', () => {
    const page = tail('n1').replace(
      '<head></head>',
      '<head><link rel="modulepreload" href="/assets/entry.client-B2.js" nonce="n1"/></head>',
    );
    expect(prefetchModules(page, 'n1')).toContain('<head><link rel="prefetch" href="/assets/entry.client-B2.js"/></head>');
  });

  it('never moves a script without the nonce into one that has it', () => {
    const injected = tail('n1').replace('<main>Hello</main>', '<main>Hello</main><script>steal()</script>');
    const html = joinInlineScripts(injected, 'n1');
    expect(html).toContain('<main>Hello</main><script>steal()</script><script nonce="n1"></script>');
    expect(html.match(/steal\(\)/g)).toHaveLength(1);
    // with another nonce (or none) nothing is joined at all
    expect(joinInlineScripts(tail('n1'), 'n2')).toBe(tail('n1'));
    expect(joinInlineScripts(tail('n1'))).toBe(tail('n1'));
  });

  it('leaves the data scripts where they are when something else follows the module script', () => {
    const html = joinInlineScripts(tail().replace('<!--/$--><!--/$--></body>', '<!--/$--><!--/$--><div>late</div></body>'));
    expect(html).toContain('streamController.enqueue("[]");</script>');
    expect(html).toContain('<script>window.__SHOP_CONFIG__={}</script>');
  });

  it('runs as the separate scripts did: the stream is made before the data is written into it', () => {
    const html = joinInlineScripts(
      tail().replace(
        'window.__reactRouterContext = {};',
        'window.__reactRouterContext = {streamController: {enqueue: (d) => calls.push(d), close: () => calls.push("closed")}};',
      ),
    );
    const joined = /<script>([^<]+)<\/script><script type="module"/.exec(html)?.[1] ?? '';
    const calls: string[] = [];
    runInNewContext(joined, { window: {}, calls });
    expect(calls).toEqual(['[]', 'closed']);
  });
});
