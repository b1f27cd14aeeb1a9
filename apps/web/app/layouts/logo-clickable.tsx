import { Outlet } from 'react-router';
import type { Route } from './+types/logo-clickable';
import { LogoHeader } from './logo-header';
import { Main } from './main';
import { RouteError } from './route-error';

/** Focused flows like the quiz: the logo, linking home, and nothing else to distract. */
export default function LogoClickableLayout() {
  return (
    <>
      <LogoHeader linked={true} />
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
