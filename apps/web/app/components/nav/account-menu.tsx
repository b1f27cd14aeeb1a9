import { useState } from 'react';
import { Link } from 'react-router';
import { UserIcon } from '../icons/icons';
import { Dropdown } from './dropdown';
import type { SessionUser } from './use-session';

async function signOut() {
  await import('../../lib/api').then(({ browserApi }) => browserApi().signOut()).catch(() => undefined);
  // a full load: every part of the page forgets the member at once
  window.location.assign('/');
}

/** Sign in for visitors; an Account menu with Sign out for members (and the console for staff). */
export function AccountMenu({ user, hideDelay }: { user: SessionUser | null | undefined; hideDelay: number }) {
  const [signingOut, setSigningOut] = useState(false);
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
          <button
            type="button"
            disabled={signingOut}
            onClick={() => {
              setSigningOut(true);
              void signOut();
            }}
            className="block w-full rounded-md px-3 py-2 text-left text-sm hover:bg-brand-soft"
          >
            {signingOut ? 'Signing out…' : 'Sign out'}
          </button>
        </li>
      </ul>
    </Dropdown>
  );
}
