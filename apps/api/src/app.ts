import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { installColumnSealer, pendingMigrations, type Database } from '@shop/db';
import { createAuth, RESET_TOKEN_MINUTES, type Auth } from './auth/auth.ts';
import { createEmailSender, type EmailSender } from './email/port.ts';
import { accountExistsEmail, passwordResetEmail } from './email/templates.ts';
import { enqueueEmail } from './email/queue.ts';
import { createSecretSealer, type SecretSealer } from './email/sealed-secrets.ts';
import { sessionPlugin } from './auth/session.ts';
import { filePortsFrom, type FilePorts } from './files/ports.ts';
import { scheduleReconciliation } from './billing/reconcile-schedule.ts';
import type { CheckoutDeps } from './billing/attempts.ts';
import { createEventBus, type EventBus } from './events/bus.ts';
import { shopEventHandlers } from './event-handlers.ts';
import { previousAuthSecrets, stripeConfigFrom, type Env } from './env.ts';
import { AppError } from './errors.ts';
import { createReadiness, type Readiness } from './health/readiness.ts';
import { runJobsInBackground } from './jobs/background.ts';
import { createJobHandlers } from './job-handlers.ts';
import { payoutPortFrom } from './payouts/configured.ts';
import { invoicingPortFrom } from './billing/configured-invoicing.ts';
import type { InvoicingPort } from './billing/invoicing.ts';
import { videoPortFrom } from './coaching/configured-video.ts';
import type { VideoPort } from './coaching/video.ts';
import { createPeriodicScheduler } from './jobs/scheduler.ts';
import { someWorkerAlive } from './jobs/heartbeat.ts';
import { createWorker, type Worker } from './jobs/worker.ts';
import { GATEWAY_CALLS, type PaymentGateway } from './payments/port.ts';
import { createTestGateway } from './payments/test-gateway.ts';
import { createStripeGateway } from './payments/stripe/gateway.ts';
import { contentSecurityPolicy, DOCS_POLICY } from './http/content-security-policy.ts';
import { homeKitLaboratoryOf } from './results/report-details.ts';
import { csrfGuard } from './plugins/csrf.ts';
import { errorHandler } from './plugins/error-handler.ts';
import { shopLoggerOptions, type LogDestination } from './logging/logger.ts';
import { countedGateway } from './monitoring/counted-gateway.ts';
import { monitoring } from './monitoring/plugin.ts';
import { mountAreas } from './auth/areas.ts';
import { openRoutes, shopAreas, testClockRoutes } from './routes.ts';
import { safeValidatorCompiler } from './http/safe-strings.ts';
import { carryRequestId } from './http/request-context.ts';
import { traceRequests } from './tracing/requests.ts';
import { tracedPort } from './tracing/ports.ts';
import { activeTracer } from './tracing/tracer.ts';
import { requestIdOf, returnRequestId } from './http/request-id.ts';
import { attributionTracking } from './promotions/attribution.ts';
import { resultsKeysFrom } from './results/plugin.ts';
import { storedKeysThatFail } from './keys/probe.ts';
import { createCensusSealer } from './employers/census-seal.ts';
import { textSenderFrom } from './texts/port.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Env;
    db: Database;
    auth: Auth;
    payments: PaymentGateway;
    /** the database, the gateway and the events: what checkout runs on */
    checkout: CheckoutDeps;
    /** records domain events in the caller's transaction and runs their handlers (event-handlers.ts) */
    events: EventBus;
    email: EmailSender;
    /** seals the secrets of e-mails at rest (reset links, gift codes) with the application's key */
    emailSecrets: SecretSealer;
    /** where employer invoices are issued (INVOICING): the monthly job's port, and the tests' clock's */
    invoicing: InvoicingPort;
    /** where health coach sessions meet (VIDEO_ROOMS): a room per booking */
    video: VideoPort;
    /** the job worker: started with the app when `background` is on; tests drain it with runDueJobs() */
    jobs: Worker;
    /** whether the database answers; the health route asks it */
    pingDatabase(): Promise<boolean>;
    /** whether this process should be sent traffic; `stop()` fails it while the process drains (main.ts) */
    readiness: Readiness;
  }
}

export interface AppOptions {
  env: Env;
  db: Database;
  pingDatabase: () => Promise<boolean>;
  authSecret: string;
  /** mounts the web app (pages and assets) after the API; left out by API-only tests */
  web?: (app: FastifyInstance) => Promise<void>;
  /** the card gateway; without one, the built-in test gateway */
  payments?: PaymentGateway;
  /** where uploads are kept and what scans them; without, what the environment names (files/ports.ts) */
  files?: FilePorts;
  /** where coaching sessions meet; without, what VIDEO_ROOMS names */
  video?: VideoPort;
  /** background work of a running shop (payment reconciliation, the job worker); off in tests */
  background?: boolean;
  logger?: boolean;
  /** where the log's lines go instead of stdout (a test reads them) */
  logDestination?: LogDestination;
}

export const BODY_LIMIT_BYTES = 64 * 1024;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { env } = options;
  const app = Fastify({
    logger: options.logger === false ? false : shopLoggerOptions(env.LOG_LEVEL, options.logDestination),
    bodyLimit: BODY_LIMIT_BYTES,
    // X-Forwarded-For is believed from the proxies named in TRUST_PROXY only: from anyone else it
    // would pick the address that per-address limits count
    trustProxy: trustedProxies(env.TRUST_PROXY),
    // every page also answers at its .html alias: /x.html serves /x
    rewriteUrl: (request) => rewriteHtmlAlias(request.url ?? '/'),
    routerOptions: { ignoreTrailingSlash: true },
    return503OnClosing: true,
    // the id a proxy or client sent in X-Request-Id when it is well formed, else a random UUID (not a counter)
    requestIdHeader: false,
    genReqId: requestIdOf,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(safeValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // tier 1: external plugins
  returnRequestId(app);
  carryRequestId(app);
  // a span per request while tracing is on (docs/operations.md#traces); no hook at all when off
  if (activeTracer()) traceRequests(app);
  // before every route, so its hook counts them all; GET /metrics (docs/operations.md#metrics)
  await app.register(monitoring, { env });
  await app.register(errorHandler);
  await app.register(helmet, {
    // our own plugin's, below: a page's policy names its nonce or its scripts' hashes (decision record 0018)
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    // headers only browsers and plug-ins long gone read (the XSS auditor, IE8's downloads, Flash):
    // every byte of a page's response head counts against its first round trip (decision record 0015)
    xXssProtection: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    // every policy's frame-ancestors 'none' forbids framing in every browser the shop supports
    xFrameOptions: false,
    // no address leaves for another site; the shop's own form posts carry their real Origin, which
    // the page actions check (with no-referrer, Chromium sends `Origin: null` and they are refused)
    referrerPolicy: { policy: 'same-origin' },
  });
  await app.register(contentSecurityPolicy);
  await app.register(compress, { global: true, threshold: 1024 });
  // the first secret signs; a cookie signed before a rotation (AUTH_SECRET_PREVIOUS) still verifies
  await app.register(cookie, { secret: [options.authSecret, ...previousAuthSecrets(env)] });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Base shop API', version: '1.0.0', description: 'The JSON API behind the shop.' },
      servers: [{ url: env.PUBLIC_URL }],
    },
    transform: jsonSchemaTransform,
  });
  // the page draws only the operations on screen, so a reader finds one by its tag in the filter box
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: DOCS_POLICY, uiConfig: { filter: true } });

  // tier 2: the application's services
  app.decorate('config', env);
  app.decorate('db', options.db);
  app.decorate('pingDatabase', options.pingDatabase);
  const emailSecrets = createSecretSealer(options.authSecret, previousAuthSecrets(env));
  const email = tracedPort(
    'email',
    createEmailSender(options.db, env.SMTP_URL ? { url: env.SMTP_URL, from: env.EMAIL_FROM } : undefined, emailSecrets),
    ['send'],
  );
  app.decorate('email', email);
  app.decorate('emailSecrets', emailSecrets);
  app.decorate(
    'auth',
    createAuth({
      db: options.db,
      secret: options.authSecret,
      publicUrl: env.PUBLIC_URL,
      trustServedOrigin: env.NODE_ENV !== 'production',
      trustedOrigins: env.TRUSTED_ORIGINS,
      secureCookies: env.NODE_ENV === 'production',
      log: (level, message) => app.log[level]({ source: 'auth' }, message),
      google:
        env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
          ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, discoveryUrl: env.GOOGLE_DISCOVERY_URL }
          : undefined,
      sendPasswordReset: async (to, token) => {
        const link = `${env.PUBLIC_URL}/new-password?token=${encodeURIComponent(token)}`;
        await enqueueEmail(options.db, emailSecrets.seal(passwordResetEmail(to, link, RESET_TOKEN_MINUTES)));
      },
      notifyExistingAccount: async (to) => {
        await enqueueEmail(options.db, accountExistsEmail(to, env.PUBLIC_URL));
      },
    }),
  );
  // Stripe when its keys are set, else the built-in test gateway (DESIGN.md §2)
  const stripe = stripeConfigFrom(env);
  app.decorate(
    'payments',
    tracedPort(
      'payments',
      countedGateway(options.payments ?? (stripe ? createStripeGateway(stripe) : createTestGateway(options.db))),
      GATEWAY_CALLS,
    ),
  );
  // what happens when something happens: every event's consumers, named in one place
  const resultsKeys = resultsKeysFrom(env);
  // the sealed columns (decision 0072) are sealed and opened with the results keys; this app's leave with it
  const removeColumnSealer = installColumnSealer(resultsKeys.cipher);
  app.addHook('onClose', async () => removeColumnSealer());
  const events = createEventBus(
    shopEventHandlers({
      publicUrl: env.PUBLIC_URL,
      supportEmail: env.SUPPORT_EMAIL,
      resultsCipher: resultsKeys.cipher,
      adConversionsUrl: env.AD_CONVERSIONS_URL,
      texts: textSenderFrom(env),
    }),
  );
  app.decorate('events', events);
  app.decorate('checkout', { db: options.db, gateway: app.payments, events });
  await app.register(sessionPlugin);
  app.decorate('results', resultsKeys);
  app.decorate(
    'readiness',
    createReadiness({
      pingDatabase: options.pingDatabase,
      pendingMigrations: () => pendingMigrations(options.db),
      keysThatFail: () => storedKeysThatFail(options.db, resultsKeys.cipher),
      // this process's own worker, or one that `npm run worker` runs beside it (docs/operations.md#health)
      workerAlive: async () => app.jobs.running || (await someWorkerAlive(options.db)),
      log: app.log,
    }),
  );
  // census rows are sealed with the results key (decision 0057); the start seals rows written in clear before
  app.decorate('census', createCensusSealer(resultsKeys.cipher, options.authSecret));
  app.decorate('files', options.files ?? filePortsFrom(env));
  await app.register(attributionTracking);
  app.decorate('invoicing', invoicingPortFrom(env));
  app.decorate('video', options.video ?? videoPortFrom(env));
  app.decorate(
    'jobs',
    createWorker({
      db: options.db,
      handlers: createJobHandlers({
        db: options.db,
        files: app.files.storage,
        cipher: resultsKeys.cipher,
        homeKitLab: homeKitLaboratoryOf(env),
        email,
        emailSecrets,
        events,
        gateway: app.payments,
        publicUrl: env.PUBLIC_URL,
        emailFrom: env.EMAIL_FROM,
        supportEmail: env.SUPPORT_EMAIL,
        webhooksToLoopback: env.NODE_ENV !== 'production',
        payouts: payoutPortFrom(env),
        invoicing: app.invoicing,
        adConversionsUrl: env.AD_CONVERSIONS_URL,
        log: app.log.child({ source: 'jobs' }),
      }),
      log: app.log.child({ source: 'jobs' }),
      beforePoll: createPeriodicScheduler(options.db),
    }),
  );
  if (options.background) scheduleReconciliation(app);
  if (options.background && env.SHOP_JOBS_IN_PROCESS === '1') runJobsInBackground(app);

  // tier 3: routes, all under /api
  await app.register(
    async (api) => {
      // the API speaks JSON only: anything else is a 415 that says so
      api.removeContentTypeParser('text/plain');
      await api.register(csrfGuard);
      // the guarded areas first: a route under an area's prefix registered anywhere else stops the start
      await mountAreas(api, shopAreas(app.db));
      for (const routes of openRoutes) await api.register(routes);
      if (env.SHOP_TEST_CLOCK === '1') for (const routes of testClockRoutes) await api.register(routes);
      api.all('/*', { schema: { hide: true } }, async (request) => {
        throw new AppError(404, 'NOT_FOUND', `There is no API route ${request.method} ${request.url.split('?')[0]}`);
      });
    },
    { prefix: '/api' },
  );

  if (options.web) await options.web(app);
  return app;
}

/** Fastify's `trustProxy` from TRUST_PROXY: a hop count believes that many proxies nearest the shop. */
function trustedProxies(setting: Env['TRUST_PROXY']): string[] | ((address: string, hop: number) => boolean) | false {
  if (setting === undefined) return false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}

export function rewriteHtmlAlias(url: string): string {
  const [path = '/', query] = url.split(/\?(.*)/s, 2);
  if (!path.endsWith('.html') || path.startsWith('/assets/') || path.startsWith('/api/')) return url;
  const page = path === '/index.html' ? '/' : path.slice(0, -'.html'.length).replace(/\/index$/, '') || '/';
  return query === undefined ? page : `${page}?${query}`;
}
