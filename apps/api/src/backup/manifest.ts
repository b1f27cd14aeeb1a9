import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { BackupError } from './errors.ts';

const MANIFEST_FILE = 'manifest.json';

/**
 * What a backup folder says about itself (its `manifest.json`): the engine it came from, its
 * database file with a digest to check it, and which keys its sealed data needs, by id or
 * fingerprint only. The keys themselves are never in a backup.
 */
export const backupManifest = z.object({
  format: z.literal('base-shop-backup/1'),
  createdAt: z.iso.datetime(),
  engine: z.enum(['pglite', 'postgres']),
  database: z.object({
    file: z.string(),
    bytes: z.number().int().nonnegative(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    /** the major version of the pg_dump that wrote it (PostgreSQL only): pg_restore must be as new */
    pgDumpMajor: z.number().int().optional(),
  }),
  /** how many migrations the database had run: the shop that starts on it runs the rest */
  migrationsApplied: z.number().int().nonnegative(),
  /** the uploaded files copied from the data folder; null when they live in an S3 bucket instead */
  uploads: z.object({ files: z.number().int().nonnegative() }).nullable(),
  keys: z.object({
    /** the ids of the results keys (RESULTS_ENCRYPTION_KEY and earlier ones) that sealed stored data */
    results: z.array(z.string()),
    /** a fingerprint of AUTH_SECRET, which seals e-mails' secrets and clinics' webhook secrets; null when none was set */
    authSecret: z.string().nullable(),
  }),
});

export type BackupManifest = z.infer<typeof backupManifest>;

export function writeManifest(folder: string, manifest: BackupManifest): void {
  writeFileSync(join(folder, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
}

export function readManifest(folder: string): BackupManifest {
  const path = join(folder, MANIFEST_FILE);
  if (!existsSync(path)) throw new BackupError(`${folder} is not a backup: it has no ${MANIFEST_FILE}.`);
  const parsed = backupManifest.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  if (!parsed.success) throw new BackupError(`${path} is not a manifest this shop reads: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

/** The SHA-256 of a file, read as a stream: a database file may be larger than memory allows. */
export async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
