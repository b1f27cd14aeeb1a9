import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

// core is pure (DESIGN.md §2: no I/O, nothing runs on import but data and schema definitions), and
// so is the API client until it is called, so a module of either that a page does not use can be
// left out of that page's JavaScript. Without this every page would download all of core, content
// and schemas included.
const isPure = (id: string) => /[\\/]packages[\\/](core|client)[\\/]src[\\/]/.test(id);

// what every page of the default layout runs: one file instead of a dozen small ones, which
// compresses better and costs one request
const shellModule = /[\\/]app[\\/](root\.tsx|layouts[\\/](default|main|route-error)\.tsx|components[\\/](header|footer|toast|button|alert|nav[\\/]|icons[\\/]|cart[\\/]cart-(store|trigger))|lib[\\/](seo|errors|chunk-reload|locale-cookie|page-path))/;

// the building blocks of content pages (sections, the lead forms' fields): shared by most pages
const sectionModule = /[\\/]app[\\/](components[\\/](content[\\/](cta-link|points|faq-section|area-cards|testimonials|illustrations)|field|forms[\\/](use-lead-form|sample-plan-form))|lib[\\/]field-errors)\.tsx?$/;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // the workspace packages are TypeScript source: bundle them into the server build
  ssr: { noExternal: ['@shop/core', '@shop/client'] },
  build: {
    rollupOptions: {
      treeshake: { moduleSideEffects: (id: string) => !isPure(id) },
      output: {
        codeSplitting: {
          groups: [
            { name: 'shell', test: shellModule, priority: 1 },
            { name: 'sections', test: sectionModule },
          ],
        },
      },
    },
  },
});
