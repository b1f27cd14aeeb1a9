import { defineConfig, type Plugin } from 'vitest/config';

// The web app's stylesheet is inlined by its own build (apps/web/vite.config.ts); component tests
// render without it.
const noStylesheet: Plugin = {
  name: 'no-inline-css',
  resolveId: (id) => (id === 'virtual:inline-css' ? '\0virtual:inline-css' : undefined),
  load: (id) => (id === '\0virtual:inline-css' ? `export default '';` : undefined),
};

const unitFiles = ['packages/**/src/**/*.test.ts', 'scripts/**/*.test.ts', 'apps/api/src/**/*.test.ts', 'apps/web/app/**/*.test.{ts,tsx}'];
const mockingUnitFiles = ['apps/web/app/components/payment/stripe-card-form.test.tsx', 'apps/web/app/components/cart/cart-store.test.ts'];

// Two projects told apart by file name (see STYLE.md): unit tests sit next to the code as
// *.test.ts; integration tests drive the API through inject() on a real database.

/**
 * Integration files whose outcome no database engine changes (response headers, the staging notice,
 * the generated client): the PGlite tier leaves them to the PostgreSQL tier when there is one
 * (`npm test` runs the two side by side, and PGlite's is the longer); without DATABASE_URL, PGlite's
 * tier runs them.
 */
const engineIndependentFiles = [
  'apps/api/test/staging-banner.integration.test.ts',
  'apps/api/test/trusted-proxy.integration.test.ts',
  'apps/api/test/content-security-policy.integration.test.ts',
  'apps/api/test/openapi-client.integration.test.ts',
  'apps/api/test/client-retry.integration.test.ts',
];
const leftToPostgres = process.env.TEST_DB !== 'postgres' && process.env.DATABASE_URL ? engineIndependentFiles : [];

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [noStylesheet],
        test: {
          name: 'unit',
          include: unitFiles,
          exclude: [...mockingUnitFiles, '**/*.integration.test.ts', '**/node_modules/**'],
          environment: 'node',
          // The files share one module graph, as the integration tier's do: importing the same
          // modules again for each file was three quarters of the tier's time (80 of 100 s)
          isolate: false,
        },
      },
      {
        plugins: [noStylesheet],
        // the files that replace a module (vi.mock) get a module graph of their own each
        test: { name: 'unit-mocking', include: mockingUnitFiles, environment: 'node' },
      },
      {
        test: {
          name: 'integration',
          // The files share one module graph: each would otherwise import the whole API again
          // (about 3 s a file, half of the tier). A test shop is made per file by createTestShop,
          // and nothing in the API keeps state at module level that a test relies on.
          isolate: false,
          include: ['apps/api/test/**/*.integration.test.ts', 'packages/db/test/**/*.integration.test.ts'],
          exclude: [...leftToPostgres, '**/node_modules/**'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['apps/api/test/global-setup.ts'],
          setupFiles: ['apps/api/test/one-query-at-a-time.ts'],
        },
      },
    ],
  },
});
