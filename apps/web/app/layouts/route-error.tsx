import { lazy, Suspense } from 'react';
import { isRouteErrorResponse } from 'react-router';

// pages that work never show these: they load when a page fails, not with every page
const ErrorPage = lazy(() => import('../components/error-page').then((module) => ({ default: module.ErrorPage })));
const NotFoundPage = lazy(() => import('../components/not-found-page').then((module) => ({ default: module.NotFoundPage })));

/** What a page that failed shows inside its layout: the 404 page, or the error page with its status. */
export function RouteError({ error }: { error: unknown }) {
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <Suspense fallback={null}>
      {isRouteErrorResponse(error) && error.status === 404 ? (
        <NotFoundPage />
      ) : (
        <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />
      )}
    </Suspense>
  );
}
