import { Component, lazy, Suspense, useEffect, type ReactNode } from 'react';
import { isRouteErrorResponse } from 'react-router';
import { reportClientError } from '../lib/error-reporting';

// pages that work never show these: they load when a page fails, not with every page
const ErrorPage = lazy(() => import('../components/error-page').then((module) => ({ default: module.ErrorPage })));
const NotFoundPage = lazy(() => import('../components/not-found-page').then((module) => ({ default: module.NotFoundPage })));
const RefusedPage = lazy(() => import('../components/error-page').then((module) => ({ default: module.RefusedPage })));

/** The reason a 403 carries (lib/errors.ts), when it carries one. */
function refusalReason(data: unknown): string | undefined {
  return typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string' ? data.message : undefined;
}

/** What a page that failed shows inside its layout: the 404 page, the refusal (403) with its reason, or the error page with its status. */
export function RouteError({ error }: { error: unknown }) {
  if (!isRouteErrorResponse(error)) console.error(error);
  useEffect(() => {
    // a page that threw while drawing in the browser; the server logs its own failures
    if (!isRouteErrorResponse(error) && !(error instanceof Error && error.message === 'Unexpected Server Error')) reportClientError(error);
  }, [error]);
  return (
    <ErrorPageGuard>
      <Suspense fallback={null}>
        {isRouteErrorResponse(error) && error.status === 404 ? (
          <NotFoundPage />
        ) : isRouteErrorResponse(error) && error.status === 403 ? (
          <RefusedPage reason={refusalReason(error.data)} />
        ) : (
          <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />
        )}
      </Suspense>
    </ErrorPageGuard>
  );
}

/**
 * The last resort when the error page itself fails (its code could not be loaded, say): plain
 * words and a plain link home, with nothing left that could fail in turn.
 */
export class ErrorPageGuard extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-2xl font-bold">An error occurred while showing the error page</h1>
        <a href="/" className="mt-6 inline-block font-semibold text-brand underline">
          Go back to home
        </a>
      </section>
    );
  }
}
