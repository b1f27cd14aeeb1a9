import { DataDirLockedError } from '@shop/db';
import { EnvError, parseEnv } from './env.ts';
import { prepareShop } from './server.ts';

const startedAt = performance.now();

async function main() {
  const env = parseEnv();
  const { app, database, operator } = await prepareShop(env, { web: env.SHOP_API_ONLY !== '1' });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing open requests');
    // a stuck request must not keep the process (and the database lock) forever
    const timer = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    await app.close();
    await database.close();
    app.log.info('database closed; bye');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: env.PORT, host: env.HOST });
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  const password = operator.passwordFile ? `the password in ${operator.passwordFile}` : 'OPERATOR_PASSWORD';
  console.log(
    [
      '',
      `  The shop is running at ${env.PUBLIC_URL}  (ready in ${seconds} s)`,
      `  Database: ${database.kind === 'pglite' ? `embedded PGlite in ${database.location}` : `PostgreSQL at ${database.location}`}`,
      `  API docs: ${env.PUBLIC_URL}/api/docs`,
      `  Operator console: ${env.PUBLIC_URL}/admin, sign in as ${operator.email} with ${password}`,
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  if (error instanceof EnvError || error instanceof DataDirLockedError) {
    console.error(`\n${error.message}\n`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
