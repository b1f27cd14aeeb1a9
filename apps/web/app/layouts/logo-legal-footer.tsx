import { Outlet } from 'react-router';
import type { Route } from './+types/logo-legal-footer';
import { LegalFooter } from './legal-footer';
import { LogoHeader } from './logo-header';
import { Main } from './main';
import { RouteError } from './route-error';

/** After payment (collection choice, confirmation): the logo linking home and a legal footer. */
export default function LogoLegalFooterLayout() {
  return (
    <>
      <LogoHeader linked />
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
