// `npm run restore -- backup`: makes a new database from a backup (a folder, or its name in
// BACKUP_DIR): a PGlite folder in DATA_DIR, or the PostgreSQL database of DATABASE_URL. It
// refuses without the keys the backup names, and never writes over a database that has data.
import { DataDirLockedError } from '@shop/db';
import { BackupError } from '../backup/errors.ts';
import { findBackup, listBackups, restore } from '../backup/service.ts';
import { EnvError, parseEnv } from '../env.ts';

try {
  const env = parseEnv();
  const given = process.argv[2];
  if (!given) {
    const found = listBackups(env);
    console.error('Usage: npm run restore -- <backup folder, or its name in BACKUP_DIR>');
    console.error(
      found.length > 0 ? `Backups in ${env.BACKUP_DIR}, newest first:\n  ${found.join('\n  ')}` : `No backups in ${env.BACKUP_DIR}.`,
    );
    process.exit(1);
  }
  const { manifest, target } = await restore(env, findBackup(env, given));
  const opened = manifest.keys.results.length > 0 ? '; the keys open its sealed results' : '';
  console.log(`Restored the backup of ${manifest.createdAt} into ${target}${opened}.`);
  console.log('Start the shop on it (npm start): it runs any newer migrations, and GET /api/health/ready answers 200 once it is ready.');
} catch (error) {
  if (error instanceof BackupError || error instanceof DataDirLockedError || error instanceof EnvError) {
    console.error(`\n${error.message}\n`);
    process.exit(1);
  }
  throw error;
}
