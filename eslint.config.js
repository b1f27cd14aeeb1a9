import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The dependency direction of DESIGN.md §2, enforced: core imports no framework, database or
// network; packages never import an app; the web never imports the database.
const boundaries = {
  'packages/core/**': ['@shop/db', '@shop/client', '@shop/api', '@shop/web', 'fastify', 'react', 'react-router', 'drizzle-orm', 'pg', 'node:*'],
  'packages/client/**': ['@shop/db', '@shop/api', '@shop/web', 'fastify', 'drizzle-orm', 'pg'],
  'packages/db/src/**': ['@shop/client', '@shop/api', '@shop/web', 'fastify', 'react'],
  'apps/web/**': ['@shop/db', '@shop/api', 'drizzle-orm', 'pg', 'fastify'],
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/build/**', '**/.react-router/**', '.data/**', 'test-results/**', 'playwright-report/**', '.test-reports/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  ...Object.entries(boundaries).map(([files, banned]) => ({
    files: [files],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: banned.map((name) => ({ group: [name, `${name}/*`], message: `${files.split('/')[1]} must not depend on ${name} (DESIGN.md §2).` })) },
      ],
    },
  })),
);
