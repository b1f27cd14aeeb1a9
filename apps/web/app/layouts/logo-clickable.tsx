import { Outlet } from 'react-router';
import type { Route } from './+types/logo-clickable';
import { LogoRouteError, LogoShell } from './logo-shell';

/** Focused flows like the quiz: the logo, linking home, and nothing else to distract but the legal line with its help link. */
export default function LogoClickableLayout() {
  return (
    <LogoShell linked>
      <Outlet />
    </LogoShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LogoRouteError error={error} />;
}
