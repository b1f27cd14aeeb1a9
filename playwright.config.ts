import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { testChromium } from './scripts/chromium.mjs';

// Browser tests drive the system's Chromium (never a downloaded one) against the real server. With
// E2E_DATABASE_URL set, the journeys that move money or data run on PostgreSQL (production's
// engine), and the embedded database gets the pages (what a page shows, sends and allows, whatever
// database is behind it) and a smoke journey; without it, everything runs on the embedded database.
// With E2E_SECOND_DATABASE_URL set too (as `npm test` sets it), the journeys split between two
// servers, each on its own PostgreSQL database: two chains of journeys that can run side by side.
const chromium = testChromium() ?? '/usr/bin/chromium-headless-shell';
const postgresUrl = process.env.E2E_DATABASE_URL ?? '';
const secondPostgresUrl = postgresUrl ? (process.env.E2E_SECOND_DATABASE_URL ?? '') : '';
// TEST_PORT_OFFSET moves every port, so two checkouts of the project can run their tests at once
const offset = Number(process.env.TEST_PORT_OFFSET ?? 0);
const oidcPort = 3190 + offset;
// the stand-in for the vendors of third-party scripts (e2e/analytics-server.mjs)
const analyticsPort = 3191 + offset;
const vendor = (integration: string, kind: 'events' | 'beacon') =>
  `http://localhost:${analyticsPort}/vendor.js?id=${integration}&kind=${kind}`;
const pageSpecs = ['**/routes.spec.ts', '**/shell.spec.ts', '**/content.spec.ts', '**/csp.spec.ts', '**/forms-no-get.spec.ts'];
const smokeJourneys = ['**/purchase.spec.ts'];
// of which the embedded database runs the first purchase alone: the rest of purchase.spec.ts asks
// nothing of the database that the PostgreSQL journeys do not
const smokeJourney = /a visitor buys the recommended starter test and chooses a home kit/;
// The second PostgreSQL server's journeys: what a visitor sees and sends (the quiz, the leads, the
// forms without script, the guards, consent and experiments, support): about half of the journeys'
// time, measured, where the first server keeps the purchases, gifts, programs and partners.
const secondJourneys = [
  '**/forms-without-script*.spec.ts',
  '**/leads.spec.ts',
  '**/accessibility.spec.ts',
  '**/quiz.spec.ts',
  '**/area-guards.spec.ts',
  '**/analytics.spec.ts',
  '**/experiments.spec.ts',
  '**/support.spec.ts',
  '**/coaching.spec.ts',
  '**/consents.spec.ts',
  '**/health-data-consent.spec.ts',
  '**/results-held.spec.ts',
  '**/my-data.spec.ts',
  '**/employer-admin-invitation.spec.ts',
  // the employer's journey, a minute or so, here where the clinic's journey runs on the first server
  '**/employer-journey.spec.ts',
];
const targets = [
  { name: 'pglite', port: 3101 + offset, database: '' },
  ...(postgresUrl ? [{ name: 'postgres', port: 3102 + offset, database: postgresUrl }] : []),
  ...(secondPostgresUrl ? [{ name: 'postgres b', port: 3103 + offset, database: secondPostgresUrl }] : []),
];
const baseURL = (name: string) => `http://localhost:${targets.find((target) => target.name === name)!.port}`;

export default defineConfig({
  testDir: 'e2e',
  // A page test takes about 3 s and the longest journeys 30 s on a quiet machine; on a busy host
  // everything runs two to three times slower, and a journey must still end inside its time.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  // Two tests at a time: CI's two cores are all the browsers, the servers and the runner have. A
  // page test makes nothing another test reads, so the pages spread test by test over both
  // workers. The journeys of one database run one at a time (their projects have one worker),
  // since they buy, sign up and change what the next journey reads; each PostgreSQL server's may
  // run beside the other's and beside the embedded database's smoke journey, each with its own
  // server and database.
  workers: 2,
  fullyParallel: false,
  // On CI a test that fails is run once more, and the report names it flaky when the second run
  // passes: under CI's load a page has twice timed out once in a run of some 300 tests, and a
  // failure that is real fails both runs. Here a failure is never run again.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    // A trace records the page after every step of every test, kept or not: on CI it cost a quarter
    // of the browser tier's processor time (user and system time of content.spec.ts and
    // shell.spec.ts: 53.9 s traced, 40.0 s untraced), so CI keeps the failure's page snapshot and
    // error (error-context.md) alone, and a failure is traced by running its test again here.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // The journeys are queued first, so the long chain of them starts at once rather than keeping a
  // worker busy alone at the end; the pages, many short tests, fill in around it.
  projects: [
    ...(postgresUrl
      ? [
          {
            name: 'postgres',
            use: { baseURL: baseURL('postgres') },
            testIgnore: [...pageSpecs, ...(secondPostgresUrl ? secondJourneys : [])],
            workers: 1,
          },
        ]
      : []),
    ...(secondPostgresUrl ? [{ name: 'postgres b', use: { baseURL: baseURL('postgres b') }, testMatch: secondJourneys, workers: 1 }] : []),
    {
      name: 'pglite journeys',
      use: { baseURL: baseURL('pglite') },
      ...(postgresUrl ? { testMatch: smokeJourneys, grep: smokeJourney } : { testIgnore: pageSpecs }),
      workers: 1,
    },
    { name: 'pglite', use: { baseURL: baseURL('pglite') }, testMatch: pageSpecs, fullyParallel: true },
  ],
  webServer: [
    {
      command: 'node e2e/oidc-server.mjs',
      url: `http://localhost:${oidcPort}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      env: { OIDC_PORT: String(oidcPort) },
    },
    {
      command: 'node e2e/analytics-server.mjs',
      url: `http://localhost:${analyticsPort}/health`,
      reuseExistingServer: false,
      env: { ANALYTICS_PORT: String(analyticsPort) },
    },
    ...targets.map((target) => ({
      command: `node --import tsx apps/api/src/main.ts`,
      url: `http://localhost:${target.port}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe' as const,
      env: {
        PORT: String(target.port),
        DATABASE_URL: target.database,
        DATA_DIR: mkdtempSync(join(tmpdir(), 'shop-e2e-')),
        PUBLIC_URL: `http://localhost:${target.port}`,
        LOG_LEVEL: 'warn',
        OPERATOR_PASSWORD: 'operator-e2e-password',
        CLINICIAN_PASSWORD: 'clinician-e2e-password',
        COACH_PASSWORD: 'coach-e2e-password',
        // every browser of the suite signs in from 127.0.0.1, and the staff accounts sign in many times
        SIGN_IN_LIMIT_PER_ADDRESS: '1000',
        SIGN_IN_LIMIT_PER_ACCOUNT: '1000',
        SIGN_UP_LIMIT_PER_ADDRESS: '1000',
        // a data archive above 1 MB is prepared and e-mailed (e2e/my-data-large.spec.ts uploads a report of 1.1 MB), one
        // with a results report and no upload, as e2e/my-data.spec.ts's, still downloads at once
        DATA_ARCHIVE_IMMEDIATE_MAX_BYTES: String(1024 * 1024),
        // a member's own renewals run "in the future" on request, for the journeys of renewals and dunning
        SHOP_TEST_CLOCK: '1',
        // Google sign-in against the local OpenID Connect provider, never the real Google
        GOOGLE_CLIENT_ID: 'shop-e2e',
        GOOGLE_CLIENT_SECRET: 'shop-e2e-secret',
        GOOGLE_DISCOVERY_URL: `http://localhost:${oidcPort}/.well-known/openid-configuration`,
        // every third-party script, from the local stand-in: the marketing pages carry the consent
        // banner, and nothing loads until a visitor accepts it (e2e/analytics.spec.ts; the other
        // tests' browsers have declined, see e2e/fixtures.ts)
        TAG_MANAGER_SCRIPT_URL: vendor('tag-manager', 'events'),
        AD_ANALYTICS_SCRIPT_URL: vendor('ad-analytics', 'events'),
        MONITORING_SCRIPT_URL: vendor('monitoring', 'beacon'),
        FORM_SERVICE_SCRIPT_URL: vendor('form-service', 'beacon'),
      },
    })),
  ],
});
