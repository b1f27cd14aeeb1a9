import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

// core is pure (DESIGN.md §2: no I/O, nothing runs on import but data and schema definitions), and
// so is the API client until it is called, so a module of either that a page does not use can be
// left out of that page's JavaScript. Without this every page would download all of core, content
// and schemas included.
const isPure = (id: string) => /[\\/]packages[\\/](core|client)[\\/]src[\\/]/.test(id);

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // the workspace packages are TypeScript source: bundle them into the server build
  ssr: { noExternal: ['@shop/core', '@shop/client'] },
  build: {
    rollupOptions: {
      treeshake: { moduleSideEffects: (id: string) => !isPure(id) },
    },
  },
});
