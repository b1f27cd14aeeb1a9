// Builds the loader of the third-party scripts (third-party/loader.ts) into one hashed module of
// the client build, build/client/assets/third-party-<hash>.js. No page names it: the server adds it
// to the marketing pages only when an integration is configured (apps/api/src/web/third-party.ts),
// so without one every page, and the JavaScript it loads, is what the build made.
//   node scripts/build-third-party.mjs
import { resolve } from 'node:path';
import { build } from 'vite';

const root = resolve(import.meta.dirname, '..');
await build({
  root,
  configFile: false,
  logLevel: 'warn',
  build: {
    outDir: resolve(root, 'build/client'),
    emptyOutDir: false,
    copyPublicDir: false,
    minify: true,
    lib: { entry: resolve(root, 'third-party/loader.ts'), formats: ['es'] },
    rollupOptions: { output: { entryFileNames: 'assets/third-party-[hash].js' } },
  },
});
