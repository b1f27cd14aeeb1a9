/**
 * Downloads a page's JavaScript at the lowest priority (docs/decisions/0016-prefetched-modules.md).
 *
 * React Router writes a `<link rel="modulepreload">` into the head for every module the page runs,
 * and one inline module script at the end of the body that imports them. A module preload is a
 * high-priority script request, which a paint model such as Lighthouse's counts as holding back the
 * first paint although a module never blocks rendering. Here each preload becomes
 * `<link rel="prefetch">`: the same file, requested as early, at the lowest priority, into the
 * HTTP cache. Just before the module script, a small classic script asks for the module preloads
 * again, now answered from that cache; in a browser that does not prefetch, they are the downloads
 * themselves. The module script then runs where and when it always did.
 */

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const MODULE_SCRIPT = /<script type="module" async="">([\s\S]*?)<\/script>/;
const MANIFEST = /(window\.__reactRouterManifest = )(\{[\s\S]*?\});\n/;

// the page's only prefetch links, when it runs, are the ones written here: React Router adds its own
// only after hydration, for a link about to be followed
const PRELOAD_AGAIN = `<script>for(let l of document.querySelectorAll("link[rel=prefetch]"))document.head.append(Object.assign(document.createElement("link"),{rel:"modulepreload",href:l.href}))</script>`;

/** React Router writes its route manifest indented; without the indentation the home page still arrives in one round trip. */
function compactManifest(moduleText: string): string {
  return moduleText.replace(MANIFEST, (whole, assignment: string, json: string) => {
    try {
      return `${assignment}${JSON.stringify(JSON.parse(json)).replaceAll('<', '\\u003c')};\n`;
    } catch {
      return whole;
    }
  });
}

/** The page with its modules prefetched; a page without React Router's module script is returned as it is. */
export function prefetchModules(html: string): string {
  if (!MODULE_SCRIPT.test(html)) return html;
  return html
    .replace(MODULE_SCRIPT, (_script, text: string) => `${PRELOAD_AGAIN}<script type="module" async="">${compactManifest(text)}</script>`)
    .replace(MODULE_PRELOAD, (_link, href: string) => `<link rel="prefetch" href="${href}"/>`);
}
