import { useEffect } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/root';
import { installChunkReload, isChunkLoadError, reloadOnce } from './lib/chunk-reload';
import { rememberLocale } from './lib/locale-cookie';
import { RouteError } from './layouts/route-error';
import stylesheet from 'virtual:inline-css';

/**
 * Only what is the same for every visitor: most pages are prerendered at build time, so this runs
 * then (PUBLIC_URL and PUBLIC_API_BASE_URL are baked into those pages) and again for every
 * server-rendered page. Who is signed in is asked by the header in the browser.
 */
export function loader() {
  return {
    config: {
      apiBaseUrl: process.env.PUBLIC_API_BASE_URL ?? '/api',
      publicUrl: process.env.PUBLIC_URL ?? 'http://localhost:3000',
    },
  };
}

const HTML_ALIAS_SCRIPT =
  "(function(l){var p=l.pathname.replace(/(\\/index)?\\.html$/,'');if(p!==l.pathname)history.replaceState(history.state,'',(p||'/')+l.search+l.hash)})(location)";

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f5e4f" />
        <Meta />
        <style
          // the stylesheet, inlined by the server (vite.config.ts); the browser keeps what the page brought
          dangerouslySetInnerHTML={{ __html: stylesheet }}
          suppressHydrationWarning
        />
        <Links />
        <script
          // /x.html is served the page of /x; the router must see /x too, before it hydrates
          dangerouslySetInnerHTML={{ __html: HTML_ALIAS_SCRIPT }}
        />
        <script
          // JSON.stringify cannot close the script element: < is escaped
          dangerouslySetInnerHTML={{
            __html: `window.__SHOP_CONFIG__=${JSON.stringify(data?.config ?? { apiBaseUrl: '/api' }).replaceAll('<', '\\u003c')}`,
          }}
        />
      </head>
      <body className="flex min-h-screen flex-col font-sans antialiased">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 rounded bg-white p-2"
        >
          Skip to content
        </a>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  useEffect(() => {
    rememberLocale();
    return installChunkReload();
  }, []);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useEffect(() => {
    if (isChunkLoadError(error)) reloadOnce(window.localStorage, () => window.location.reload());
  }, [error]);
  return (
    <main id="main" className="flex-1">
      <RouteError error={error} />
    </main>
  );
}
