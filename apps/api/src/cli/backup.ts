// `npm run backup [-- folder]`: backs up the shop's database (PGlite's folder, or the PostgreSQL
// database of DATABASE_URL) and its uploaded files into a new folder of BACKUP_DIR, without keys.
import { DataDirLockedError } from '@shop/db';
import { BackupError } from '../backup/errors.ts';
import { backUp } from '../backup/service.ts';
import { EnvError, parseEnv } from '../env.ts';

try {
  const env = parseEnv();
  const { folder, manifest } = await backUp(env, process.argv[2]);
  const keys = [
    ...manifest.keys.results.map((id) => `results key ${id}`),
    ...(manifest.keys.authSecret ? [`AUTH_SECRET ${manifest.keys.authSecret}`] : []),
  ];
  const uploads = manifest.uploads
    ? `, with ${manifest.uploads.files} uploaded file(s)`
    : ' (the uploaded files are in the S3 bucket of FILE_STORAGE_S3_BUCKET, not in this backup)';
  console.log(`Backed up the ${manifest.engine} database (${manifest.database.bytes} bytes) into ${folder}${uploads}.`);
  console.log(
    keys.length > 0
      ? `It holds no keys. A restore will need: ${keys.join(', ')}. Keep them apart from this backup.`
      : 'It holds no keys and nothing sealed needs one yet.',
  );
} catch (error) {
  if (error instanceof BackupError || error instanceof DataDirLockedError || error instanceof EnvError) {
    console.error(`\n${error.message}\n`);
    process.exit(1);
  }
  throw error;
}
