import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Env } from '../env.ts';
import { resultsKeysThatFail } from '../results/key-probe.ts';
import type { Engine } from './engine.ts';
import { BackupError } from './errors.ts';
import { authSecretFingerprint, cipherOf, keysOf, missingKeys } from './keys.ts';
import { readManifest, sha256Of, writeManifest, type BackupManifest } from './manifest.ts';
import { pgliteEngine } from './pglite.ts';
import { postgresEngine } from './postgres.ts';

const engineOf = (env: Env): Engine => (env.DATABASE_URL ? postgresEngine : pgliteEngine);

/** Uploaded files live in the data folder unless an S3 bucket keeps them (apps/api/src/files/ports.ts). */
const uploadsOf = (env: Env): string | null => (env.FILE_STORAGE_S3_BUCKET ? null : join(env.DATA_DIR, 'uploads'));

function countFiles(folder: string): number {
  return readdirSync(folder, { recursive: true }).filter((entry) => statSync(join(folder, String(entry))).isFile()).length;
}

/** `shop-pglite-2026-12-06T21-30-05Z`: sorts by time, and says what it holds. */
function folderName(engine: Engine, at: Date): string {
  return `shop-${engine.kind}-${at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-')}`;
}

/**
 * Backs up the shop's database (and its uploaded files, when they live in the data folder) into
 * a new folder of BACKUP_DIR (or `into`), with a manifest naming the keys its sealed data needs.
 * The folder is written under a `.partial` name and renamed once complete, so a backup that
 * stopped half way is never taken for one.
 */
export async function backUp(env: Env, into: string = env.BACKUP_DIR): Promise<{ folder: string; manifest: BackupManifest }> {
  const engine = engineOf(env);
  const createdAt = new Date();
  const folder = resolve(into, folderName(engine, createdAt));
  const partial = `${folder}.partial`;
  mkdirSync(partial, { recursive: true });
  try {
    const file = join(partial, engine.file);
    const facts = await engine.dump(env, file);
    const uploads = uploadsOf(env);
    if (uploads && existsSync(uploads)) cpSync(uploads, join(partial, 'uploads'), { recursive: true });
    const keys = keysOf(env);
    const manifest: BackupManifest = {
      format: 'base-shop-backup/1',
      createdAt: createdAt.toISOString(),
      engine: engine.kind,
      database: {
        file: engine.file,
        bytes: statSync(file).size,
        sha256: await sha256Of(file),
        ...(facts.pgDumpMajor === undefined ? {} : { pgDumpMajor: facts.pgDumpMajor }),
      },
      migrationsApplied: facts.migrationsApplied,
      uploads: uploads ? { files: existsSync(join(partial, 'uploads')) ? countFiles(join(partial, 'uploads')) : 0 } : null,
      keys: { results: facts.keyIds, authSecret: keys.authSecret === null ? null : authSecretFingerprint(keys.authSecret) },
    };
    writeManifest(partial, manifest);
    renameSync(partial, folder);
    return { folder, manifest };
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}

/** A backup given by path, or by its name inside BACKUP_DIR. */
export function findBackup(env: Env, given: string): string {
  const candidates = [resolve(given), resolve(env.BACKUP_DIR, given)];
  const found = candidates.find((candidate) => existsSync(join(candidate, 'manifest.json')));
  if (!found) throw new BackupError(`No backup at ${candidates.join(' or ')} (a backup is a folder with a manifest.json).`);
  return found;
}

/** The backups in BACKUP_DIR, newest first. */
export function listBackups(env: Env): string[] {
  if (!existsSync(env.BACKUP_DIR)) return [];
  return readdirSync(env.BACKUP_DIR)
    .filter((name) => existsSync(join(env.BACKUP_DIR, name, 'manifest.json')))
    .sort()
    .reverse();
}

/**
 * Restores a backup into a new database: the PGlite folder of DATA_DIR, or the PostgreSQL
 * database of DATABASE_URL. It refuses before touching anything when the backup's file does
 * not match its digest, the engines differ, a key the backup needs is not in this environment,
 * or the target already holds data. Once loaded, the shop's own key probe opens the stored
 * results with the environment's keys, as readiness will.
 */
export async function restore(env: Env, from: string): Promise<{ manifest: BackupManifest; target: string }> {
  const manifest = readManifest(from);
  const engine = engineOf(env);
  if (manifest.engine !== engine.kind) {
    const wanted =
      manifest.engine === 'postgres' ? 'set DATABASE_URL to the PostgreSQL database to make' : 'leave DATABASE_URL empty and set DATA_DIR';
    throw new BackupError(`This is a backup of a ${manifest.engine} database and this environment runs on ${engine.kind}: ${wanted}.`);
  }
  const keys = keysOf(env);
  const missing = missingKeys(manifest.keys, keys, env);
  if (missing.length > 0) {
    throw new BackupError(
      `Restore refused: this backup's data is sealed with keys this environment does not have, so the restored shop could not read it.\n` +
        missing.map((line) => `  - missing ${line}`).join('\n') +
        `\nBackups never hold keys; take them from where you keep them apart (docs/operations.md, "Backups").`,
    );
  }
  const file = join(from, manifest.database.file);
  if (!existsSync(file) || (await sha256Of(file)) !== manifest.database.sha256) {
    throw new BackupError(`${file} is missing or does not match the digest in its manifest: the backup is damaged.`);
  }
  const uploads = uploadsOf(env);
  const savedUploads = join(from, 'uploads');
  if (uploads && existsSync(savedUploads) && existsSync(uploads) && readdirSync(uploads).length > 0) {
    throw new BackupError(`${uploads} already holds files: move it aside, or set DATA_DIR to a new folder, then run the restore again.`);
  }

  await engine.prepareTarget(env);
  const handle = await engine.load(env, file, manifest.database.pgDumpMajor);
  try {
    if (uploads && existsSync(savedUploads)) cpSync(savedUploads, uploads, { recursive: true });
    const cipher = cipherOf(keys);
    const failing = cipher ? await resultsKeysThatFail(handle.db, cipher) : null;
    if (failing) {
      throw new BackupError(
        `The database was restored to ${engine.describe(env)}, but the keys of this environment do not open its results ` +
          `(sealed with ${failing.join(', ')}): the shop would not be ready. Set the right RESULTS_ENCRYPTION_KEY before starting it.`,
      );
    }
  } finally {
    await handle.close();
  }
  return { manifest, target: engine.describe(env) };
}
