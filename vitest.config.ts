import { defineConfig, type Plugin } from 'vitest/config';

// The web app's stylesheet is inlined by its own build (apps/web/vite.config.ts); component tests
// render without it.
const noStylesheet: Plugin = {
  name: 'no-inline-css',
  resolveId: (id) => (id === 'virtual:inline-css' ? '\0virtual:inline-css' : undefined),
  load: (id) => (id === '\0virtual:inline-css' ? `export default '';` : undefined),
};

// Two projects told apart by file name (see STYLE.md): unit tests sit next to the code as
// *.test.ts; integration tests drive the API through inject() on a real database.
export default defineConfig({
  test: {
    projects: [
      {
        plugins: [noStylesheet],
        test: {
          name: 'unit',
          include: ['packages/**/src/**/*.test.ts', 'apps/api/src/**/*.test.ts', 'apps/web/app/**/*.test.{ts,tsx}'],
          exclude: ['**/*.integration.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          // The files share one module graph: each would otherwise import the whole API again
          // (about 3 s a file, half of the tier). A test shop is made per file by createTestShop,
          // and nothing in the API keeps state at module level that a test relies on.
          isolate: false,
          include: ['apps/api/test/**/*.integration.test.ts', 'packages/db/test/**/*.integration.test.ts'],
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
