import { Outlet } from 'react-router';
import type { Route } from './+types/logo-clickable';
import { LegalFooter } from './legal-footer';
import { LogoHeader } from './logo-header';
import { Main } from './main';
import { RouteError } from './route-error';

/** Focused flows like the quiz: the logo, linking home, and nothing else to distract but the legal line with its help link. */
export default function LogoClickableLayout() {
  return (
    <>
      <LogoHeader linked={true} />
      <Main>
        <Outlet />
      </Main>
      <LegalFooter />
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
      <LegalFooter />
    </>
  );
}
