import type { ReactNode } from 'react';
import { Link, useFetcher } from 'react-router';
import { SIGN_OUT_PATH } from '../account/forms';
import { UserIcon } from '../icons/icons';
import { Dropdown } from './dropdown';
import type { SessionUser } from './use-session';

/**
 * Signing out: a form sent to the sign-out action (routes/auth/sign-out.ts), by the fetcher once
 * the page's script runs, by the browser before. The action answers with a full load of the home
 * page, so every part of the page forgets the member at once. `children` draws the button, pending
 * from the sending until the home page loads.
 */
export function SignOutForm({ children }: { children: (pending: boolean) => ReactNode }) {
  const fetcher = useFetcher();
  return (
    <fetcher.Form method="post" action={SIGN_OUT_PATH}>
      {children(fetcher.state !== 'idle')}
    </fetcher.Form>
  );
}

/** Sign in for visitors; an Account menu with Sign out for members (and the console for staff). */
export function AccountMenu({ user, hideDelay }: { user: SessionUser | null | undefined; hideDelay: number }) {
  if (!user) {
    return (
      <Link to="/sign-in" className="inline-flex items-center gap-1.5 rounded-md px-2 py-2 font-semibold hover:text-brand">
        <UserIcon width="20" height="20" />
        Sign in
      </Link>
    );
  }
  return (
    <Dropdown label="Account" hideDelay={hideDelay} align="right">
      <p className="truncate px-3 py-2 text-sm text-muted">{user.email}</p>
      <ul className="grid gap-0.5">
        <li>
          <Link to="/account" className="block rounded-md px-3 py-2 text-sm hover:bg-brand-soft">
            My account
          </Link>
        </li>
        {user.role !== 'customer' ? (
          <li>
            <Link to="/admin" className="block rounded-md px-3 py-2 text-sm hover:bg-brand-soft">
              Console
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
