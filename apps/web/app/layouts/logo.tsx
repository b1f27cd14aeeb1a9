import { Outlet } from 'react-router';
import type { Route } from './+types/logo';
import { LegalFooter } from './legal-footer';
import { LogoHeader } from './logo-header';
import { Main } from './main';
import { RouteError } from './route-error';

/**
 * Checkout: the logo only, not even a link, so nothing leads away from paying; the legal line at
 * the end keeps help where every other page has it (WCAG 3.2.6).
 */
export default function LogoLayout() {
  return (
    <>
      <LogoHeader linked={false} />
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
