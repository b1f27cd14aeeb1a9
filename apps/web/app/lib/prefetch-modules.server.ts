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
 *
 * A page rendered for one visitor carries the nonce of its Content-Security-Policy on each script
 * (decision record 0018); the script added here gets the same one. For that policy too, the classic
 * scripts that end a page are joined into one (`joinInlineScripts`, below).
 */

// with a nonce, React Router writes it on the preloads too; a prefetch is no script request, and needs none
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"(?: nonce="[^"]*")?\/>/g;
const MODULE_SCRIPT = /<script((?: nonce="[^"]*")?) type="module" async="">([\s\S]*?)<\/script>/;
const MANIFEST = /(window\.__reactRouterManifest = )(\{[\s\S]*?\});\n/;

// the page's only prefetch links, when it runs, are the ones written here: React Router adds its own
// only after hydration, for a link about to be followed
const PRELOAD_AGAIN = `for(let l of document.querySelectorAll("link[rel=prefetch]"))document.head.append(Object.assign(document.createElement("link"),{rel:"modulepreload",href:l.href}))`;

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
export function prefetchModules(html: string, nonce?: string): string {
  if (!MODULE_SCRIPT.test(html)) return html;
  return html
    .replace(
      MODULE_SCRIPT,
      (_script, nonceAttribute: string, text: string) =>
        `${classicScript(PRELOAD_AGAIN, nonce)}<script${nonceAttribute} type="module" async="">${compactManifest(text)}</script>`,
    )
    .replace(MODULE_PRELOAD, (_link, href: string) => `<link rel="prefetch" href="${href}"/>`);
}

const classicScript = (text: string, nonce: string | undefined) =>
  `<script${nonce === undefined ? '' : ` nonce="${nonce}"`}>${text}</script>`;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
// a script's text: anything up to its end tag, which the text cannot hold
const SCRIPT_TEXT = '(?:(?!</script>)[\\s\\S])*';

/**
 * The classic scripts that end the page, joined into one just before the module script: the
 * root's (the .html alias, the shop's settings), React Router's scroll restoration and context, the
 * preloads above, and React Router's data, which it writes after the module script. A prerendered
 * page is sent as it was built, so its policy allows each inline script by its hash, and every hash
 * is 54 bytes of the response head that a phone's first round trip carries (decision record 0018):
 * one classic script and the module script make two.
 *
 * The scripts emptied stay in place, since the browser's React renders the same elements to
 * hydrate them, and a script without text runs nothing and asks nothing of the policy. The data
 * scripts are not in the browser's tree and go; their stream only needs its controller, made by
 * React Router's context script, and is read once the module script runs. Only scripts that carry
 * the page's nonce (or none, when it has none) are joined, so no script gains a nonce here.
 */
export function joinInlineScripts(html: string, nonce?: string): string {
  const attribute = nonce === undefined ? '' : ` nonce="${nonce}"`;
  const classic = `${escapeRegExp(`<script${attribute}>`)}(${SCRIPT_TEXT})</script>`;
  const module = `${escapeRegExp(`<script${attribute} type="module" async="">`)}${SCRIPT_TEXT}</script>`;
  const nonCapturing = classic.replace(`(${SCRIPT_TEXT})`, SCRIPT_TEXT);
  const tail = new RegExp(`((?:${nonCapturing})+)(${module})((?:<!--/?\\$-->|${nonCapturing})*)(?=</body>)`);
  return html.replace(tail, (_tail, before: string, moduleScript: string, after: string) => {
    const texts = (scripts: string) => [...scripts.matchAll(new RegExp(classic, 'g'))].map((script) => script[1] ?? '');
    const leading = texts(before);
    const joined = [...leading, ...texts(after)].filter((text) => text.trim() !== '').join('\n;');
    const emptied = classicScript('', nonce).repeat(leading.length - 1);
    return `${emptied}${classicScript(joined, nonce)}${moduleScript}${after.replace(new RegExp(classic, 'g'), '')}`;
  });
}
