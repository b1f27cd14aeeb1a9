import { Outlet } from 'react-router';
import type { Route } from './+types/logo-legal-footer';
import { LogoRouteError, LogoShell } from './logo-shell';

/** After payment (collection choice, confirmation): the logo linking home and a legal footer. */
export default function LogoLegalFooterLayout() {
  return (
    <LogoShell linked>
      <Outlet />
    </LogoShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LogoRouteError error={error} />;
}
