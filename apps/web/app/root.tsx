import { createContext, useContext, useEffect } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/root';
import { installChunkReload, isChunkLoadError, reloadOnce } from './lib/chunk-reload';
import { installErrorReporting, reportClientError } from './lib/error-reporting';
import { NavigationAnnouncer } from './lib/navigation-focus';
import { RouteError } from './layouts/route-error';
import { shopLoadContext } from './lib/load-context';
import stylesheet from 'virtual:inline-css';
import { webEnv } from './lib/web-env';

/**
 * Only what is the same for every visitor: most pages are prerendered at build time, so this runs
 * then (PUBLIC_URL and PUBLIC_API_BASE_URL are baked into those pages; `npm start` rebuilds them
 * when either changes) and again for every server-rendered page, with the address it was asked on. Who is signed in is asked by the header in the browser.
 */
export function loader({ context }: Route.LoaderArgs) {
  return {
    config: {
      apiBaseUrl: webEnv().publicApiBaseUrl,
      // a page rendered for a request links to the address it was asked on; a prerendered one to PUBLIC_URL
      publicUrl: context.get(shopLoadContext).publicUrl ?? webEnv().publicUrl,
    },
  };
}

const HTML_ALIAS_SCRIPT =
  "(function(l){var p=l.pathname.replace(/(\\/index)?\\.html$/,'');if(p!==l.pathname)history.replaceState(history.state,'',(p||'/')+l.search+l.hash)})(location)";

/**
 * The nonce of the Content-Security-Policy of a page rendered for one visitor, given by
 * entry.server.tsx for the scripts rendered here (React Router's take theirs from <ServerRouter>).
 * A prerendered page has none: its policy lists its scripts' hashes (decision record 0018).
 */
export const ScriptNonce = createContext<string | undefined>(undefined);

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  // the account kept on a phone's home screen is the app the /app pages describe
  { rel: 'manifest', href: '/manifest.webmanifest' },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const nonce = useContext(ScriptNonce);
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
      </head>
      <body className="flex min-h-screen flex-col font-sans antialiased">
        <a
          href="#main"
          // below the offline banner while it shows (lib/page-status.ts): never under it
          className="sr-only focus:not-sr-only focus:absolute focus:top-[calc(var(--page-banner-height,0px)+0.5rem)] focus:left-2 focus:z-50 rounded bg-white p-2"
        >
          Skip to content
        </a>
        {children}
        <script
          // At the end of the body, where entry.server.tsx joins it with React Router's scripts
          // (decision record 0018). /x.html is served the page of /x: the router must see /x too, and it
          // reads the location when it hydrates, after this. JSON.stringify cannot close the element: <
          // is escaped. Zod, which validates the forms, would otherwise try `new Function` to compile
          // its checks, which the policy refuses (the refusal is caught, but reported as a violation);
          // zod reads this global as its settings wherever it is loaded from.
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{
            __html: `${HTML_ALIAS_SCRIPT};window.__SHOP_CONFIG__=${JSON.stringify(data?.config ?? { apiBaseUrl: '/api' }).replaceAll('<', '\\u003c')};window.__zod_globalConfig={jitless:true}`,
          }}
        />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  useEffect(() => {
    // the locale cookie, the online banner and the busy bar: nothing on the page waits for them, so
    // their code loads once the page is alive (decision records 0011, 0033), and a failure to load
    // it costs only them. The root lives as long as the page: they stay until it is left.
    void import('./lib/page-alive').then((alive) => alive.pageAlive()).catch(() => undefined);
    const uninstallReporting = installErrorReporting();
    const uninstallChunkReload = installChunkReload();
    return () => {
      uninstallReporting();
      uninstallChunkReload();
    };
  }, []);
  return (
    <>
      <Outlet />
      <NavigationAnnouncer />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useEffect(() => {
    if (isChunkLoadError(error)) reloadOnce(window.localStorage, () => window.location.reload());
    else reportClientError(error);
  }, [error]);
  return (
    <main id="main" className="flex-1">
      <RouteError error={error} />
    </main>
  );
}
