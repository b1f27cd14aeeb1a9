/**
 * Where each role works: the page its people land on after signing in, and the header's link to
 * it. A customer has no work area: their home is their account.
 */
export interface WorkArea {
  path: string;
  label: string;
}

const CONSOLE: WorkArea = { path: '/admin', label: 'Console' };

const workAreas: Record<string, WorkArea> = {
  operator: CONSOLE,
  clinician: CONSOLE,
  support: CONSOLE,
  // a health coach's part of the console is their coaching page: the orders are not theirs to see
  coach: { path: '/admin/coaching', label: 'Console' },
  provider_admin: { path: '/providers/dashboard', label: 'Provider dashboard' },
  provider_staff: { path: '/providers/dashboard', label: 'Provider dashboard' },
  affiliate: { path: '/affiliate/dashboard', label: 'Affiliate dashboard' },
  employer_admin: { path: '/business/portal', label: 'Employer portal' },
};

export function workAreaOf(role: string | null | undefined): WorkArea | null {
  return (role && workAreas[role]) || null;
}

/** The page a person lands on after signing in, when nothing asked for another: their work area, else their account. */
export function landingFor(role: string | null | undefined): string {
  return workAreaOf(role)?.path ?? '/account';
}
