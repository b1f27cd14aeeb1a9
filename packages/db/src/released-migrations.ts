import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrationsFolder } from './migrate.ts';

/**
 * Released migrations are immutable. A database made by a release has run its migrations and
 * remembers them only by their journal timestamp (drizzle's migrator applies every journal entry
 * whose `when` is later than the last one it applied): a released file changed afterwards is never
 * run again on that database, and one renumbered or re-timed is run twice or skipped. So the
 * manifest (released.json) records each released migration's journal entry and the SHA-256 of its
 * file, `npm run migrations:release` appends the new ones at a release, and a unit test checks the
 * migrations folder against it (docs/operations.md, Upgrading).
 */
export const releasedManifestPath = fileURLToPath(new URL('../released.json', import.meta.url));

/** One journal entry of drizzle's meta/_journal.json. */
export interface JournalEntry {
  idx: number;
  version: string;
  when: number;
  tag: string;
  breakpoints: boolean;
}

export interface ReleasedMigration {
  idx: number;
  tag: string;
  when: number;
  breakpoints: boolean;
  /** SHA-256 of the migration's SQL file, in hex */
  sha256: string;
}

export interface ReleasedManifest {
  about?: string;
  migrations: ReleasedMigration[];
}

/** The migrations folder as the check reads it: its journal's entries and each file's text. */
export interface MigrationsFolder {
  entries: JournalEntry[];
  /** the file's bytes, or undefined when it does not exist */
  read(file: string): Buffer | undefined;
}

export function readMigrationsFolder(folder = migrationsFolder): MigrationsFolder {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  return {
    entries: journal.entries,
    read: (file) => (existsSync(join(folder, file)) ? readFileSync(join(folder, file)) : undefined),
  };
}

export function readReleasedManifest(path = releasedManifestPath): ReleasedManifest {
  return JSON.parse(readFileSync(path, 'utf8')) as ReleasedManifest;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const instead =
  'released migrations are immutable: restore it as it was released and add a new migration instead ' +
  '(expand, then contract: docs/operations.md, Upgrading)';

/**
 * Every way the migrations folder departs from the released manifest, one sentence each naming the
 * file: a released file changed or gone, a released journal entry changed, removed or renumbered,
 * and a new entry that drizzle's migrator would skip on an upgraded database (a `when` not later
 * than the last released one's).
 */
export function releasedMigrationProblems(manifest: ReleasedManifest, folder: MigrationsFolder): string[] {
  const problems: string[] = [];
  for (const released of manifest.migrations) {
    const file = `${released.tag}.sql`;
    const bytes = folder.read(file);
    if (bytes === undefined) problems.push(`${file} was released and is gone (removed or renamed): ${instead}`);
    else if (sha256(bytes) !== released.sha256) problems.push(`${file} was released and its content has changed: ${instead}`);

    const entry = folder.entries.find((candidate) => candidate.tag === released.tag);
    if (!entry) {
      problems.push(`${file} was released and its journal entry is gone from meta/_journal.json: ${instead}`);
      continue;
    }
    const changed = (['idx', 'when', 'breakpoints'] as const).filter((field) => entry[field] !== released[field]);
    if (changed.length > 0) {
      const what = changed.map((field) => `${field} ${released[field]} → ${entry[field]}`).join(', ');
      problems.push(`${file} was released and its journal entry has changed (${what}): ${instead}`);
    }
  }

  const lastReleased = Math.max(0, ...manifest.migrations.map((released) => released.when));
  const releasedTags = new Set(manifest.migrations.map((released) => released.tag));
  for (const entry of folder.entries) {
    if (releasedTags.has(entry.tag)) continue;
    if (entry.when <= lastReleased) {
      problems.push(
        `${entry.tag}.sql is new but its journal time (${entry.when}) is not after the last released migration's (${lastReleased}): ` +
          'a database made by the release would never run it; generate it again with npm run db:generate',
      );
    }
    if (folder.read(`${entry.tag}.sql`) === undefined) problems.push(`${entry.tag}.sql is in the journal but not in the migrations folder`);
  }
  return problems;
}

/**
 * The manifest with the journal's new entries appended; the released ones are kept exactly as
 * they are. Refuses (throws) while the folder departs from the manifest.
 */
export function withNewReleases(manifest: ReleasedManifest, folder: MigrationsFolder): { manifest: ReleasedManifest; added: string[] } {
  const problems = releasedMigrationProblems(manifest, folder);
  if (problems.length > 0) throw new Error(`The migrations folder departs from the released manifest:\n- ${problems.join('\n- ')}`);
  const releasedTags = new Set(manifest.migrations.map((released) => released.tag));
  const added = folder.entries
    .filter((entry) => !releasedTags.has(entry.tag))
    .map((entry) => ({
      idx: entry.idx,
      tag: entry.tag,
      when: entry.when,
      breakpoints: entry.breakpoints,
      sha256: sha256(folder.read(`${entry.tag}.sql`)!),
    }));
  return { manifest: { ...manifest, migrations: [...manifest.migrations, ...added] }, added: added.map((entry) => `${entry.tag}.sql`) };
}
