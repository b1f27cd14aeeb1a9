import { Outlet } from 'react-router';
import type { Route } from './+types/logo';
import { LogoHeader } from './logo-header';
import { Main } from './main';
import { RouteError } from './route-error';

/** Checkout: the logo only, not even a link, so nothing leads away from paying. */
export default function LogoLayout() {
  return (
    <>
      <LogoHeader linked={false} />
      <Main>
        <Outlet />
      </Main>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <>
      <LogoHeader linked />
      <Main>
        <RouteError error={error} />
      </Main>
    </>
  );
}
