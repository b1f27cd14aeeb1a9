import type { ReactNode } from 'react';
import { LegalFooter } from './legal-footer';
import { LogoHeader } from './logo-header';
import { Main } from './main';

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
