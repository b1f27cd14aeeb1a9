import type { ReactNode } from 'react';
import { Link, useFetcher } from 'react-router';
import { workAreaOf } from '@shop/core';
import { Dropdown } from '../nav/dropdown';
import type { SessionUser } from '../nav/use-session';
import { SIGN_OUT_PATH } from './forms';

/** The sign-out's fetcher, by key: the Account menu keeps it alive while its panel's content comes and goes. */
const SIGN_OUT_FETCHER = 'sign-out';

/**
 * Signing out: a form sent to the sign-out action (routes/auth/sign-out.ts), by the fetcher once
 * the page's script runs, by the browser before. The action answers with a full load of the home
 * page, so every part of the page forgets the member at once. `children` draws the button, pending
 * from the sending until the home page loads.
 */
export function SignOutForm({ children }: { children: (pending: boolean) => ReactNode }) {
  const fetcher = useFetcher({ key: SIGN_OUT_FETCHER });
  return (
    <fetcher.Form method="post" action={SIGN_OUT_PATH}>
      {children(fetcher.state !== 'idle')}
    </fetcher.Form>
  );
}

/**
 * The header's Account menu for a signed-in member (and the link to where they work: the console,
 * the provider dashboard, the employer portal). It loads
 * once the browser knows who is signed in (nav/account-menu.tsx), never with the page: most
 * visitors are not signed in, and the page's first drawing is a visitor's.
 */
export function MemberMenu({ user, hideDelay }: { user: SessionUser; hideDelay: number }) {
  // The menu's panel draws its content only while open, and it closes as the pressed Sign out
  // button, disabled while pending, loses the focus. The sign-out's fetcher must outlive that
  // content: one whose last user goes away while it sends is dropped with its answer, and the
  // member stayed signed in with nothing said. Held here, it lives as long as the menu.
  useFetcher({ key: SIGN_OUT_FETCHER });
  const workArea = workAreaOf(user.role);
  return (
    <Dropdown label="Account" hideDelay={hideDelay} align="right">
      <p className="truncate px-3 py-2 text-sm text-muted">{user.email}</p>
      <ul className="grid gap-0.5">
        <li>
          <Link to="/account" className="block rounded-md px-3 py-2 text-sm hover:bg-brand-soft">
            My account
          </Link>
        </li>
        <li>
          <Link to="/account/health" className="block rounded-md px-3 py-2 text-sm hover:bg-brand-soft">
            Health record
          </Link>
        </li>
        {workArea ? (
          <li>
            <Link to={workArea.path} className="block rounded-md px-3 py-2 text-sm hover:bg-brand-soft">
              {workArea.label}
            </Link>
          </li>
        ) : null}
        <li>
          <SignOutForm>
            {(signingOut) => (
              <button
                type="submit"
                disabled={signingOut}
                className="block w-full rounded-md px-3 py-2 text-left text-sm hover:bg-brand-soft"
              >
                {signingOut ? 'Signing out…' : 'Sign out'}
              </button>
            )}
          </SignOutForm>
        </li>
      </ul>
    </Dropdown>
  );
}
