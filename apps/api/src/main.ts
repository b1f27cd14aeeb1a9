import './runtime-check.ts';
import { DataDirLockedError } from '@shop/db';
import { StoredKeysError } from './keys/probe.ts';
import { EnvError, parseEnv } from './env.ts';
import { productionWarnings } from './env-production.ts';
import { networkInterfaces } from 'node:os';
import type { AddressInfo } from 'node:net';
import { prepareShop, type StaffLogin } from './server.ts';
import { safeError } from './logging/safe-error.ts';
import { stopGracefully } from './shutdown.ts';
import { startTracing } from './tracing/start.ts';

const startedAt = performance.now();

async function main() {
  const env = parseEnv();
  // before the app is built, so its ports and hooks are traced; nothing is loaded when it is off
  const stopTracing = await startTracing({ endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: env.OTEL_SERVICE_NAME ?? 'shop-api' });
  const { app, database, staff } = await prepareShop(env, { web: env.SHOP_API_ONLY !== '1' });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // a stuck request must not keep the process (and the database lock) forever
    const timer = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s after draining; exiting');
      process.exit(1);
    }, env.SHUTDOWN_DRAIN_MS + 10_000);
    timer.unref();
    await stopGracefully(app, database, env.SHUTDOWN_DRAIN_MS);
    await stopTracing?.();
    app.log.info('database closed; bye');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // what starts but does not work, said where the operator looks at start, not found out later
  for (const warning of productionWarnings(env)) console.warn(`\n  Warning: ${warning}`);
  await app.listen({ port: env.PORT, host: env.HOST });
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  const addresses = servedAddresses(
    env.PUBLIC_URL,
    app.addresses().filter((address): address is AddressInfo => typeof address !== 'string'),
  );
  console.log(
    [
      '',
      `  The shop is running at ${env.PUBLIC_URL}  (ready in ${seconds} s)`,
      ...addresses.filter((address) => address !== env.PUBLIC_URL).map((address) => `                    and at ${address}`),
      `  Database: ${database.kind === 'pglite' ? `embedded PGlite in ${database.location}` : `PostgreSQL at ${database.location}`}`,
      ...(env.SHOP_STAGING === '1' ? ['  Staging shop: every page says that payments use test cards and nothing is charged'] : []),
      `  API docs: ${env.PUBLIC_URL}/api/docs`,
      `  Operator console: ${env.PUBLIC_URL}/admin, sign in as`,
      ...staff.map((login) => `    ${login.role.padEnd(10)} ${login.email} with ${passwordOf(login)}`),
      '',
    ].join('\n'),
  );
}

function passwordOf(login: StaffLogin): string {
  return login.passwordFile
    ? `the password in ${login.passwordFile}`
    : `${login.role === 'support' ? 'SUPPORT_STAFF' : login.role.toUpperCase()}_PASSWORD`;
}

/**
 * Every address a browser can reach the shop at: the public one, and each one it listens on (a
 * wildcard address stands for the loopback and each of the machine's interfaces).
 */
function servedAddresses(publicUrl: string, listening: AddressInfo[]): string[] {
  const hosts = listening.flatMap(({ address, family, port }) => {
    const wildcard = address === '0.0.0.0' || address === '::';
    const names = wildcard
      ? Object.values(networkInterfaces())
          .flat()
          .filter((entry) => entry !== undefined && (family === 'IPv6' || entry.family === 'IPv4'))
          .map((entry) => entry!.address)
      : [address];
    return names.map((name) => `http://${name.includes(':') ? `[${name}]` : name}:${port}`);
  });
  return [...new Set([publicUrl, ...hosts])];
}

main().catch((error: unknown) => {
  if (error instanceof EnvError || error instanceof DataDirLockedError || error instanceof StoredKeysError) {
    console.error(`\n${error.message}\n`);
  } else {
    // a statement that failed while starting (a staff account's) carries its values: not those
    console.error(safeError(error));
  }
  process.exit(1);
});
