// Follows every internal link from the home page on a running shop and prints the broken ones.
//   npm run build && npm run bench:links
import { LinkChecker, LinkState } from 'linkinator';
import { startShop } from './lib/server.mjs';

const shop = await startShop();
try {
  const checker = new LinkChecker();
  const result = await checker.check({
    path: `${shop.url}/`,
    recurse: true,
    concurrency: 4,
    timeout: 20_000,
    // only the shop's own pages: no other host is reachable or ours to check
    linksToSkip: [`^(?!${shop.url.replaceAll('.', '\\.')})`],
  });
  const checked = result.links.filter((link) => link.state !== LinkState.SKIPPED);
  const broken = checked.filter((link) => link.state === LinkState.BROKEN);
  for (const link of broken) console.log(`${link.status ?? '-'}  ${link.url}  (linked from ${link.parent ?? '?'})`);
  console.log(`linkinator: ${checked.length} internal links checked, ${broken.length} broken`);
} finally {
  shop.stop();
}
