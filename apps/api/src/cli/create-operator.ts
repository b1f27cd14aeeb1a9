// `npm run operator:create -- email password [role]`: adds a staff account (or sets its role).
import { ensureStaffAccount } from '../seed/operator.ts';
import { DataDirLockedError } from '@shop/db';
import { EnvError, parseEnv } from '../env.ts';
import { prepareShop } from '../server.ts';
import { staffRoles, type Role } from '../auth/session.ts';

const [email, password, role = 'operator'] = process.argv.slice(2);
if (!email || !password || password.length < 12 || !(staffRoles as readonly string[]).includes(role)) {
  console.error(`Usage: npm run operator:create -- email password(12+ characters) [${staffRoles.join('|')}]`);
  process.exit(1);
}
try {
  const { app, database } = await prepareShop(parseEnv(), { web: false, logger: false });
  const outcome = await ensureStaffAccount(database.db, app.auth, { email, password, role: role as Role, name: role });
  console.log(outcome === 'created' ? `Created ${role} ${email}.` : `${email} exists; its role is now ${role}.`);
  await app.close();
  await database.close();
} catch (error) {
  // the embedded database admits one process: while the shop runs on it, say so plainly
  if (error instanceof DataDirLockedError || error instanceof EnvError) {
    console.error(`\n${error.message}\n`);
    process.exit(1);
  }
  throw error;
}
