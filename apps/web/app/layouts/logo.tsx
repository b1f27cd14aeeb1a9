import { Outlet } from 'react-router';
import type { Route } from './+types/logo';
import { LogoRouteError, LogoShell } from './logo-shell';

/**
 * Checkout: the logo only, not even a link, so nothing leads away from paying; the legal line at
 * the end keeps help where every other page has it (WCAG 3.2.6).
 */
export default function LogoLayout() {
  return (
    <LogoShell linked={false}>
      <Outlet />
    </LogoShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LogoRouteError error={error} />;
}
