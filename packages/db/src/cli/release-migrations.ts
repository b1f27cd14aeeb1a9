// `npm run migrations:release`: records the migrations added since the last release in
// packages/db/released.json, after checking that the released ones are untouched. Run it when a
// release is tagged (docs/operations.md, Upgrading); it never rewrites an entry already there.
import { existsSync, writeFileSync } from 'node:fs';
import {
  readMigrationsFolder,
  readReleasedManifest,
  releasedManifestPath,
  withNewReleases,
  type ReleasedManifest,
} from '../released-migrations.ts';

const about =
  'Migrations a release has run: never edit, renumber or re-time one of these; add a new migration instead ' +
  '(docs/operations.md, Upgrading). Appended by npm run migrations:release.';

try {
  const current: ReleasedManifest = existsSync(releasedManifestPath) ? readReleasedManifest() : { migrations: [] };
  const { manifest, added } = withNewReleases(current, readMigrationsFolder());
  if (added.length === 0) {
    console.log('No new migrations: released.json already lists every one.');
  } else {
    writeFileSync(releasedManifestPath, `${JSON.stringify({ about, ...manifest, migrations: manifest.migrations }, null, 2)}\n`);
    console.log(`Released ${added.length} migration(s) in packages/db/released.json:\n  ${added.join('\n  ')}`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
