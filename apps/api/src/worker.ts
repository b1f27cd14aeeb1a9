import './runtime-check.ts';
import { DataDirLockedError, installColumnSealer, migrate, openDatabase } from '@shop/db';
import { createEmailSender } from './email/port.ts';
import { createSecretSealer } from './email/sealed-secrets.ts';
import { assertKeysOpenStored, StoredKeysError } from './keys/probe.ts';
import { EnvError, parseEnv, previousAuthSecrets, stripeConfigFrom } from './env.ts';
import { shopEventHandlers } from './event-handlers.ts';
import { filePortsFrom } from './files/ports.ts';
import { createEventBus } from './events/bus.ts';
import { createJobHandlers } from './job-handlers.ts';
import { payoutPortFrom } from './payouts/configured.ts';
import { invoicingPortFrom } from './billing/configured-invoicing.ts';
import { createJsonLog } from './jobs/json-log.ts';
import { safeError } from './logging/safe-error.ts';
import { createPeriodicScheduler } from './jobs/scheduler.ts';
import { createWorker } from './jobs/worker.ts';
import { countedGateway } from './monitoring/counted-gateway.ts';
import { serveMetrics } from './monitoring/metrics-server.ts';
import { localSecret } from './secrets.ts';
import { resultsKeysFrom } from './results/plugin.ts';
import { createStripeGateway } from './payments/stripe/gateway.ts';
import { createTestGateway } from './payments/test-gateway.ts';
import { textSenderFrom } from './texts/port.ts';
import { startTracing } from './tracing/start.ts';
import { tracedPort } from './tracing/ports.ts';
import { GATEWAY_CALLS } from './payments/port.ts';
import { homeKitLaboratoryOf } from './results/report-details.ts';

/**
 * `npm run worker`: the job worker alone, on the database the shop's environment names. On
 * PostgreSQL any number of workers (and shops) share the queue; the embedded database allows one
 * process, so there the shop's own in-process worker is the one to use.
 */
async function main() {
  const env = parseEnv();
  const log = createJsonLog(env.LOG_LEVEL);
  const stopTracing = await startTracing({
    endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT,
    serviceName: env.OTEL_SERVICE_NAME ?? 'shop-worker',
  });
  const database = await openDatabase(
    env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir: env.DATA_DIR },
  );
  await database.exclusively(() => migrate(database));
  // the worker writes and reads sealed columns with the shop's results keys, and refuses to run when they do not open what is stored
  const resultsCipher = resultsKeysFrom(env).cipher;
  installColumnSealer(resultsCipher);
  try {
    await assertKeysOpenStored(database.db, resultsCipher);
  } catch (error) {
    await database.close();
    throw error;
  }
  const stripe = stripeConfigFrom(env);
  // the shop's own secret: what the shop sealed, the worker opens
  const emailSecrets = createSecretSealer(env.AUTH_SECRET ?? localSecret(env.DATA_DIR, 'auth-secret'), previousAuthSecrets(env));
  const events = createEventBus(
    shopEventHandlers({
      publicUrl: env.PUBLIC_URL,
      supportEmail: env.SUPPORT_EMAIL,
      resultsCipher,
      adConversionsUrl: env.AD_CONVERSIONS_URL,
      texts: textSenderFrom(env),
    }),
  );
  const worker = createWorker({
    db: database.db,
    handlers: createJobHandlers({
      db: database.db,
      email: tracedPort(
        'email',
        createEmailSender(database.db, env.SMTP_URL ? { url: env.SMTP_URL, from: env.EMAIL_FROM } : undefined, emailSecrets),
        ['send'],
      ),
      emailSecrets,
      events,
      gateway: tracedPort('payments', countedGateway(stripe ? createStripeGateway(stripe) : createTestGateway(database.db)), GATEWAY_CALLS),
      files: filePortsFrom(env).storage,
      cipher: resultsCipher,
      homeKitLab: homeKitLaboratoryOf(env),
      publicUrl: env.PUBLIC_URL,
      emailFrom: env.EMAIL_FROM,
      supportEmail: env.SUPPORT_EMAIL,
      webhooksToLoopback: env.NODE_ENV !== 'production',
      payouts: payoutPortFrom(env),
      invoicing: invoicingPortFrom(env),
      adConversionsUrl: env.AD_CONVERSIONS_URL,
      log,
    }),
    log,
    beforePoll: createPeriodicScheduler(database.db),
  });

  // this process's own counts (job runs, e-mails, payments) are seen only here (docs/operations.md#metrics)
  const metrics = env.METRICS_PORT
    ? await serveMetrics({
        port: env.METRICS_PORT,
        host: env.HOST,
        token: env.METRICS_TOKEN,
        db: database.db,
        queuedHandlers: events.handlers.filter((handler) => handler.mode === 'queued').map((handler) => handler.name),
      })
    : undefined;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'stopping: finishing the running job');
    const timer = setTimeout(() => {
      log.error({}, 'the running job took longer than 30 s to finish; exiting');
      process.exit(1);
    }, 30_000);
    timer.unref();
    await worker.stop();
    await metrics?.close();
    await database.close();
    await stopTracing?.();
    log.info({}, 'worker stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  worker.start();
  log.info({ database: database.location, ...(metrics ? { metricsPort: metrics.port } : {}) }, 'job worker running');
}

main().catch((error: unknown) => {
  if (error instanceof EnvError || error instanceof DataDirLockedError || error instanceof StoredKeysError)
    console.error(`\n${error.message}\n`);
  else console.error(safeError(error));
  process.exit(1);
});
