import { Outlet } from 'react-router';
import type { Route } from './+types/empty';
import { Main } from './main';
import { RouteError } from './route-error';

/** Nothing around the page: for screens that bring their own frame, like the operator console. */
export default function EmptyLayout() {
  return (
    <Main>
      <Outlet />
    </Main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <Main>
      <RouteError error={error} />
    </Main>
  );
}
