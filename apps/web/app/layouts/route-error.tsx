import { isRouteErrorResponse } from 'react-router';
import { ErrorPage } from '../components/error-page';
import { NotFoundPage } from '../components/not-found-page';

/** What a page that failed shows inside its layout: the 404 page, or the error page with its status. */
export function RouteError({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (!isRouteErrorResponse(error)) console.error(error);
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
