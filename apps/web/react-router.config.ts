import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import type { Config } from '@react-router/dev/config';
import { contentRoutes } from './app/routes/content/content.routes';
import { partnerRoutes } from './app/routes/partners/partners.routes';
import { providerRoutes } from './app/routes/providers/providers.routes';
import { assertPrerendered } from './app/prerender/check';
import { indexablePaths, parameterPrefixes, prerenderPaths } from './app/prerender/paths';
import { robotsTxt, sitemapXml } from './app/prerender/seo-files';

function routePaths(entries: readonly RouteConfigEntry[]): string[] {
  return entries.flatMap((entry) => [...(entry.path ? [entry.path] : []), ...routePaths(entry.children ?? [])]);
}

// the parameter routes come from the content, partner and provider pages; a value is only prerendered once its route exists
const prefixes = parameterPrefixes(routePaths([...contentRoutes, ...partnerRoutes, ...providerRoutes]));
let prerendered: string[] = [];

export default {
  appDirectory: 'app',
  ssr: true,
  // every page that is the same for every visitor is built once, here; see docs/decisions/0004-prerendering.md
  prerender: ({ getStaticPaths }) => {
    prerendered = prerenderPaths(getStaticPaths(), prefixes);
    return prerendered;
  },
  // every page asked for is there; sitemap.xml and robots.txt are files of the build, on the PUBLIC_URL the build was made for
  async buildEnd({ reactRouterConfig }) {
    const origin = process.env.PUBLIC_URL || 'http://localhost:3000';
    const client = join(reactRouterConfig.buildDirectory, 'client');
    await mkdir(client, { recursive: true });
    // a page asked for as prerendered and not written fails the build, in the specification's words
    assertPrerendered(client, prerendered);
    await writeFile(join(client, 'sitemap.xml'), sitemapXml(origin, indexablePaths(prerendered)));
    await writeFile(join(client, 'robots.txt'), robotsTxt(origin));
  },
} satisfies Config;
