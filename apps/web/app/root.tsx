import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import { ErrorPage } from './components/error-page';
import { Footer } from './components/footer';
import { Header } from './components/header';
import { NotFoundPage } from './components/not-found-page';
import { serverApi } from './lib/api';
import './app.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await serverApi(request, context)
    .session()
    .catch(() => null);
  return {
    user: session?.user ? { email: session.user.email, role: session.user.role } : null,
    // the browser's client reads this at run time: one build serves any deployment
    config: { apiBaseUrl: process.env.PUBLIC_API_BASE_URL ?? '/api', publicUrl: process.env.PUBLIC_URL ?? 'http://localhost:3000' },
  };
}

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        <script
          // JSON.stringify cannot close the script element: < is escaped
          dangerouslySetInnerHTML={{
            __html: `window.__SHOP_CONFIG__=${JSON.stringify(data?.config ?? { apiBaseUrl: '/api' }).replaceAll('<', '\\u003c')}`,
          }}
        />
      </head>
      <body className="min-h-screen flex flex-col font-sans antialiased">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 bg-white p-2 rounded">
          Skip to content
        </a>
        <Header user={data?.user ?? null} />
        <main id="main" className="flex-1">
          {children}
        </main>
        <Footer />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  return <ErrorPage status={status} />;
}
