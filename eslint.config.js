import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// The dependency direction of DESIGN.md §2, enforced: core imports no framework, database or
// network; packages never import an app; the web never imports the database.
const boundaries = {
  'packages/core/**': [
    '@shop/db',
    '@shop/client',
    '@shop/api',
    '@shop/web',
    'fastify',
    'react',
    'react-router',
    'drizzle-orm',
    'pg',
    'node:*',
  ],
  'packages/client/**': ['@shop/db', '@shop/api', '@shop/web', 'fastify', 'drizzle-orm', 'pg'],
  'packages/db/src/**': ['@shop/client', '@shop/api', '@shop/web', 'fastify', 'react'],
  'apps/web/**': ['@shop/db', '@shop/api', 'drizzle-orm', 'pg', 'fastify'],
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/build/**',
      '**/.react-router/**',
      '.data/**',
      'test-results/**',
      'playwright-report/**',
      '.test-reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      // Typed linting: every file is in a tsconfig.json, its workspace's or, for the tools' own
      // files, scripts/, bench/ and e2e/, the root one. apps/web's takes no JavaScript, so its one
      // script gets the default project. The web's route types come from `react-router typegen`,
      // which `npm run lint` runs first.
      parserOptions: { projectService: { allowDefaultProject: ['apps/web/scripts/*.mjs'] }, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
      // Fastify's handlers and hooks, and the implementations of async interfaces, are async by
      // contract whether or not they await anything
      '@typescript-eslint/require-await': 'off',
      // a React event handler may be async: React ignores what it returns
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // as only-throw-error does by default: a value of unknown type passed on (an abort's reason,
      // a caught error) was made by someone else, and is passed on as it is
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingAny: true, allowThrowingUnknown: true }],
      // a React Router loader or action throws a response (`redirect()`, `data()`) to answer early
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [
            { from: 'lib', name: 'Response' },
            { from: 'package', package: 'react-router', name: 'DataWithResponseInit' },
          ],
        },
      ],
    },
  },
  {
    // the tests, benchmarks and scripts read JSON bodies and untyped JavaScript: `any` is their
    // normal, so the rules against passing `any` on apply only to the shop's own source
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**', 'e2e/**', 'bench/**', 'scripts/**', '**/*.mjs', '**/*.js'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // a date formatted on its own is shown in the zone of whoever renders it (UTC on the server,
    // the visitor's own in a browser): lib/dates.ts holds the shop's formatters, one per kind of value
    files: ['apps/web/app/**/*.{ts,tsx}'],
    ignores: ['apps/web/app/lib/dates.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "MemberExpression[object.name='Intl'][property.name='DateTimeFormat']",
          'CallExpression[callee.property.name=/^toLocale(Date|Time)String$/]',
          "CallExpression[callee.property.name='toLocaleString'][callee.object.type='NewExpression'][callee.object.callee.name='Date']",
        ].map((selector) => ({
          selector,
          message:
            'Format dates with apps/web/app/lib/dates.ts: an instant as the shop’s day or time (Eastern), a calendar day or month as it is.',
        })),
      ],
    },
  },
  {
    files: ['apps/web/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  ...Object.entries(boundaries).map(([files, banned]) => ({
    files: [files],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: banned.map((name) => ({
            group: [name, `${name}/*`],
            message: `${files.split('/')[1]} must not depend on ${name} (DESIGN.md §2).`,
          })),
        },
      ],
    },
  })),
);
