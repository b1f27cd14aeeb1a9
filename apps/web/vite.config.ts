import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

// core is pure (DESIGN.md §2: no I/O, nothing runs on import but data and schema definitions), and
// so is the API client until it is called, so a module of either that a page does not use can be
// left out of that page's JavaScript. Without this every page would download all of core, content
// and schemas included.
const isPure = (id: string) => /[\\/]packages[\\/](core|client)[\\/]src[\\/]/.test(id);

// what every page of the default layout runs: one file instead of a dozen small ones, which
// compresses better and costs one request
const shellModule =
  /[\\/]app[\\/](root\.tsx|layouts[\\/](default|main|route-error)\.tsx|components[\\/](header|footer|toast|button|alert|nav[\\/]|icons[\\/]|cart[\\/]cart-(store|trigger))|lib[\\/](seo|chunk-reload|page-path))/;

// the building blocks of content pages (sections, the lead forms' fields): shared by most pages
const sectionModule =
  /[\\/]app[\\/](components[\\/](content[\\/](cta-link|points|faq-section|area-cards|testimonials|illustrations)|field|forms[\\/](use-lead-form|sample-plan-form))|lib[\\/]field-errors)\.tsx?$/;

// the catalog (areas, goals, tests, products, kits, biomarkers, where each may be sold, money): one
// file instead of a dozen small ones. Over HTTP/1.1 a phone fetches about six files at a time, so
// every file beyond that on a page's first load costs it another round trip before the page is
// alive. The checkout needs it (a cart's products, what each consent covers) but none of the words
// of the content pages, which are a file of their own.
const catalogModule =
  /[\\/]packages[\\/]core[\\/]src[\\/](catalog[\\/](tests|products|biomarkers|kits|areas|goals|constants)|eligibility[\\/]states|orders[\\/]samples|money[\\/]money)\.ts$/;

// the words of the content pages (FAQs, testimonials, the area, goal and biomarker pages), which
// only those pages read
const contentModule =
  /[\\/]packages[\\/]core[\\/]src[\\/](catalog[\\/]biomarker-pages|content[\\/](faqs[a-z-]*|testimonials|app-features|shared-text|area-pages|goal-pages))\.ts$/;

// React, React Router and the layout's shell run almost every function they hold while a page
// hydrates. V8 compiles a function the first time it is called, on the main thread, in the middle of
// hydration; this comment at the top of a file asks it to compile all of the file's functions on a
// background thread while the file downloads (Chromium's explicit compile hints). Lighthouse
// measured the JavaScript execution time of the home page falling from about 1.5 s to 1.0 s.
const COMPILED_ON_LOAD = new Set(['entry.client', 'shell']);
const compileHint = (chunk: { name: string }) => (COMPILED_ON_LOAD.has(chunk.name) ? '//# allFunctionsCalledOnLoad' : '');

// The stylesheet goes inside each page's <head> instead of being a file the page must fetch
// before it can paint: one round trip less for the first view (decision record 0012). The server
// build gets the CSS text; the browser's build gets an empty string (the style element is already
// in the page) and, in development, the stylesheet itself so that edits show at once.
const INLINE_CSS = 'virtual:inline-css';
function inlineCss(command: 'build' | 'serve'): Plugin {
  const resolved = `\0${INLINE_CSS}`;
  return {
    name: 'shop-inline-css',
    resolveId: (id) => (id === INLINE_CSS ? resolved : undefined),
    load(id, options) {
      if (id !== resolved) return undefined;
      if (options?.ssr) return `export { default } from '/app/app.css?inline';`;
      return command === 'serve' ? `import '/app/app.css'; export default '';` : `export default '';`;
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [tailwindcss(), reactRouter(), inlineCss(command)],
  // the workspace packages are TypeScript source: bundle them into the server build
  ssr: { noExternal: ['@shop/core', '@shop/client'] },
  build: {
    rollupOptions: {
      treeshake: { moduleSideEffects: (id: string) => !isPure(id) },
      output: {
        postBanner: compileHint,
        codeSplitting: {
          groups: [
            { name: 'shell', test: shellModule, priority: 1 },
            { name: 'sections', test: sectionModule },
            { name: 'catalog', test: catalogModule, priority: -1 },
            { name: 'content', test: contentModule, priority: -1 },
          ],
        },
      },
    },
  },
}));
