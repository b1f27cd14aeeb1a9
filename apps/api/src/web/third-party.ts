import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ThirdPartyScripts } from '@shop/core';

/** The loader's module in the client build (`/assets/third-party-<hash>.js`), or null when it was not built. */
export function findThirdPartyLoader(clientDir: string): string | null {
  const assets = resolve(clientDir, 'assets');
  if (!existsSync(assets)) return null;
  const file = readdirSync(assets).find((name) => /^third-party-[\w-]+\.js$/.test(name));
  return file ? `/assets/${file}` : null;
}

/**
 * The page with the loader added at the end of its body: an inline script that adds the loader's
 * module with the configured scripts in a data attribute. Added by a script, the module is trusted
 * through it (`'strict-dynamic'`; a module imported by a hashed inline script would not be). The
 * inline script's text is the same on every page, so a prerendered page's policy allows it by hash
 * like the rest; a rendered page gives it the page's nonce. A page asked for with `Sec-GPC: 1` gets
 * the same loader told so (a prerendered page has a second text, and its own policy, for it).
 */
export function withThirdPartyLoader(
  html: string,
  loader: string,
  scripts: ThirdPartyScripts,
  { nonce, gpc = false }: { nonce?: string; gpc?: boolean } = {},
): string {
  const end = html.lastIndexOf('</body>');
  if (end === -1) return html;
  // a string in a script: no `<` may close the element early
  const text = (value: string) => JSON.stringify(value).replace(/</g, '\\u003c');
  const tag =
    `<script${nonce ? ` nonce="${nonce}"` : ''}>{const s=document.createElement("script");s.type="module";` +
    `s.src=${text(loader)};s.dataset.thirdPartyScripts=${text(JSON.stringify(scripts))};` +
    // the browser sent Global Privacy Control: the loader loads nothing and the banner says so
    (gpc ? 's.dataset.gpc="1";' : '') +
    `document.body.append(s)}</script>`;
  return html.slice(0, end) + tag + html.slice(end);
}
