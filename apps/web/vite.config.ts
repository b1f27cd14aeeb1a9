import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // the workspace packages are TypeScript source: bundle them into the server build
  ssr: { noExternal: ['@shop/core', '@shop/client'] },
});
