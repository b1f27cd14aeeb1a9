import type { ReactNode } from 'react';
import { LegalFooter } from './legal-footer';
import { LogoHeader } from './logo-header';
import { Main } from './main';
import { RouteError } from './route-error';

/** The frame of the focused layouts: the logo (a link home when `linked`), the page, and the legal line with its help link. */
export function LogoShell({ linked, children }: { linked: boolean; children: ReactNode }) {
  return (
    <>
      <LogoHeader linked={linked} />
      <Main>{children}</Main>
      <LegalFooter />
    </>
  );
}

/** What a focused layout shows for an error below it: the same frame, its logo a way home. */
export function LogoRouteError({ error }: { error: unknown }) {
  return (
    <LogoShell linked>
      <RouteError error={error} />
    </LogoShell>
  );
}
