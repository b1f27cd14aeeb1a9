import { Outlet } from 'react-router';
import type { Route } from './+types/logo-clickable';
import { LogoShell } from './logo-shell';
import { RouteError } from './route-error';

/** Focused flows like the quiz: the logo, linking home, and nothing else to distract but the legal line with its help link. */
export default function LogoClickableLayout() {
  return (
    <LogoShell linked>
      <Outlet />
    </LogoShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <LogoShell linked>
      <RouteError error={error} />
    </LogoShell>
  );
}
