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
