import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { integrationNames, isMarketingPage, type ThirdPartyScripts } from '@shop/core';
import type { Env } from '../env.ts';

/** The environment variable of each integration's script. */
const variables = {
  tagManager: 'TAG_MANAGER_SCRIPT_URL',
  adAnalytics: 'AD_ANALYTICS_SCRIPT_URL',
  monitoring: 'MONITORING_SCRIPT_URL',
  formService: 'FORM_SERVICE_SCRIPT_URL',
} as const satisfies Record<(typeof integrationNames)[number], keyof Env>;

/** The third-party scripts the environment configures: none unless their addresses are set. */
export function thirdPartyScriptsFrom(env: Partial<Pick<Env, (typeof variables)[keyof typeof variables]>>): ThirdPartyScripts {
  const scripts: ThirdPartyScripts = {};
  for (const name of integrationNames) {
    const url = env[variables[name]];
    if (url) scripts[name] = url;
  }
  return scripts;
}

/**
 * The hosts a page's policy names for the configured scripts: on a marketing page, and none
 * elsewhere. A browser that knows `'strict-dynamic'` trusts them through the loader anyway (decision
 * record 0018); the list is for one that does not, and says in the header which pages may load them.
 */
export function thirdPartySources(scripts: ThirdPartyScripts, path: string): string[] {
  if (!isMarketingPage(path)) return [];
  return [...new Set(Object.values(scripts).map((url) => new URL(url).origin))];
}

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
 * like the rest; a rendered page gives it the page's nonce.
 */
export function withThirdPartyLoader(html: string, loader: string, scripts: ThirdPartyScripts, nonce?: string): string {
  const end = html.lastIndexOf('</body>');
  if (end === -1) return html;
  // a string in a script: no `<` may close the element early
  const text = (value: string) => JSON.stringify(value).replace(/</g, '\\u003c');
  const tag =
    `<script${nonce ? ` nonce="${nonce}"` : ''}>{const s=document.createElement("script");s.type="module";` +
    `s.src=${text(loader)};s.dataset.thirdPartyScripts=${text(JSON.stringify(scripts))};document.body.append(s)}</script>`;
  return html.slice(0, end) + tag + html.slice(end);
}
