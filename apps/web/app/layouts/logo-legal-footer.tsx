import { Outlet } from 'react-router';
import { LegalLinks } from '../components/footer';
import type { Route } from './+types/logo-legal-footer';
import { LogoHeader } from './logo-header';
import { Main } from './main';
import { RouteError } from './route-error';

function LegalFooter() {
  return (
    <footer className="mt-16 border-t border-line bg-white text-muted">
      <div className="container-page py-6">
        <LegalLinks />
      </div>
    </footer>
  );
}

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
