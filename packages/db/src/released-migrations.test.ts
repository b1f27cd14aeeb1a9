import { describe, expect, it } from 'vitest';
import {
  readMigrationsFolder,
  readReleasedManifest,
  releasedMigrationProblems,
  withNewReleases,
  type MigrationsFolder,
  type ReleasedManifest,
} from './released-migrations.ts';

const manifest = readReleasedManifest();
const folder = readMigrationsFolder();

/** The repository's migrations folder with some files or journal entries swapped for others. */
function tampered(
  change: {
    files?: Record<string, string | undefined>;
    entries?: (entries: MigrationsFolder['entries']) => MigrationsFolder['entries'];
  } = {},
): MigrationsFolder {
  return {
    entries: change.entries ? change.entries(structuredClone(folder.entries)) : folder.entries,
    read: (file) => {
      if (change.files && file in change.files) {
        const text = change.files[file];
        return text === undefined ? undefined : Buffer.from(text);
      }
      return folder.read(file);
    },
  };
}

describe('released migrations', () => {
  it('are in the migrations folder exactly as they were released', () => {
    expect(releasedMigrationProblems(manifest, folder)).toEqual([]);
  });

  it('include 0000 to 0042, the migrations of the first release', () => {
    const tags = manifest.migrations.map((released) => released.tag);
    expect(tags.slice(0, 43).map((tag) => tag.slice(0, 4))).toEqual(Array.from({ length: 43 }, (_, n) => String(n).padStart(4, '0')));
  });

  it('fail on a released file whose content changed, naming it and saying to add a migration instead', () => {
    const text = folder.read('0040_employer_gaps.sql')!.toString();
    const problems = releasedMigrationProblems(manifest, tampered({ files: { '0040_employer_gaps.sql': `${text}\n-- one more line` } }));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^0040_employer_gaps\.sql was released and its content has changed/);
    expect(problems[0]).toContain('add a new migration instead (expand, then contract');
  });

  it('fail on a released file removed, and on its journal entry removed', () => {
    const problems = releasedMigrationProblems(
      manifest,
      tampered({
        files: { '0041_clinic_pays_and_drafts.sql': undefined },
        entries: (entries) => entries.filter((entry) => entry.tag !== '0041_clinic_pays_and_drafts'),
      }),
    );
    expect(problems).toEqual([
      expect.stringMatching(/^0041_clinic_pays_and_drafts\.sql was released and is gone/),
      expect.stringMatching(/^0041_clinic_pays_and_drafts\.sql was released and its journal entry is gone/),
    ]);
  });

  it('fail on a released journal entry re-timed', () => {
    const problems = releasedMigrationProblems(
      manifest,
      tampered({
        entries: (entries) => entries.map((entry) => (entry.tag === '0040_employer_gaps' ? { ...entry, when: entry.when + 1 } : entry)),
      }),
    );
    expect(problems).toEqual([expect.stringMatching(/^0040_employer_gaps\.sql was released and its journal entry has changed \(when /)]);
  });

  it('fail on a released migration renumbered', () => {
    // 0031 moved to 0032 and the other way round, as a merge once did
    const swap: Record<string, string> = { '0031_clinic_fees': '0032_clinic_fees', '0032_results_release': '0031_results_release' };
    const renamed = tampered({
      files: {
        '0031_clinic_fees.sql': undefined,
        '0032_results_release.sql': undefined,
        '0032_clinic_fees.sql': folder.read('0031_clinic_fees.sql')!.toString(),
        '0031_results_release.sql': folder.read('0032_results_release.sql')!.toString(),
      },
      entries: (entries) => entries.map((entry) => ({ ...entry, tag: swap[entry.tag] ?? entry.tag })),
    });
    const problems = releasedMigrationProblems(manifest, renamed);
    expect(problems.filter((problem) => problem.startsWith('0031_clinic_fees.sql was released'))).toHaveLength(2);
    expect(problems.filter((problem) => problem.startsWith('0032_results_release.sql was released'))).toHaveLength(2);
  });

  it('fail on a tampered manifest: a checksum recorded that the file does not have', () => {
    const forged: ReleasedManifest = {
      migrations: manifest.migrations.map((released) => (released.idx === 7 ? { ...released, sha256: '0'.repeat(64) } : released)),
    };
    expect(releasedMigrationProblems(forged, folder)).toEqual([
      expect.stringMatching(/^0007_cart_line_origin_frequency\.sql was released and its content has changed/),
    ]);
  });

  it('take a new migration after the release, and refuse one timed before it (the migrator would skip it)', () => {
    const last = folder.entries.at(-1)!;
    const next = (when: number) =>
      tampered({
        files: { '9999_next.sql': 'ALTER TABLE "jobs" ADD COLUMN "note" text;' },
        entries: (entries) => [...entries, { ...last, idx: entries.length, tag: '9999_next', when }],
      });
    // the last migration the release holds: the folder may hold newer ones, not released yet
    const lastReleased = manifest.migrations.at(-1)!;
    expect(releasedMigrationProblems(manifest, next(last.when + 1000))).toEqual([]);
    expect(releasedMigrationProblems(manifest, next(lastReleased.when - 1000))).toEqual([
      expect.stringMatching(/^9999_next\.sql is new but its journal time .* is not after the last released migration's/),
    ]);
  });

  it('are appended to by a release, which keeps every released entry as it was', () => {
    const last = folder.entries.at(-1)!;
    const later = tampered({
      files: { '9999_next.sql': 'SELECT 1;' },
      entries: (entries) => [...entries, { ...last, idx: entries.length, tag: '9999_next', when: last.when + 1 }],
    });
    const { manifest: released, added } = withNewReleases(manifest, later);
    const unreleased = folder.entries.filter((entry) => !manifest.migrations.some((migration) => migration.tag === entry.tag));
    expect(added).toEqual([...unreleased.map((entry) => `${entry.tag}.sql`), '9999_next.sql']);
    expect(released.migrations.slice(0, manifest.migrations.length)).toEqual(manifest.migrations);
    expect(released.migrations.at(-1)).toMatchObject({ tag: '9999_next', when: last.when + 1 });
    expect(() => withNewReleases(manifest, tampered({ files: { '0000_init.sql': 'SELECT 1;' } }))).toThrow(/0000_init\.sql was released/);
  });
});
