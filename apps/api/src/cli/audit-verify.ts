// `npm run audit:verify`: reads the whole audit log and says whether its hash chain is intact,
// and where it first breaks when it is not (exit code 1). Prints the chain's head: kept somewhere
// outside the database, it shows later that the chain was not rebuilt from scratch.
import { DataDirLockedError, openDatabase } from '@shop/db';
import { verifyAuditChain } from '../audit/chain.ts';
import { EnvError, parseEnv } from '../env.ts';

try {
  const env = parseEnv();
  const database = await openDatabase(
    env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir: env.DATA_DIR },
  );
  const report = await verifyAuditChain(database.db);
  await database.close();
  if (report.intact) {
    console.log(`The audit log's ${report.lines} line(s) are intact. Head: line ${report.head.seq}, hash ${report.head.hash}.`);
  } else {
    const where = report.broken!.seq > 0 ? `at line ${report.broken!.seq}` : 'at its head';
    console.error(
      `The audit log's chain is broken ${where}: ${report.broken!.reason}. Head: line ${report.head.seq}, hash ${report.head.hash}.`,
    );
    process.exit(1);
  }
} catch (error) {
  if (error instanceof DataDirLockedError || error instanceof EnvError) {
    console.error(`\n${error.message}\n`);
    process.exit(1);
  }
  throw error;
}
