import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { workAreaOf } from '@shop/core';
import { UserIcon } from '../icons/icons';
import type { SessionUser } from './use-session';

// who is signed in is asked in the browser after the page is shown, so this menu's code can wait for the answer
const MemberMenu = lazy(() => import('../account/member-menu').then((module) => ({ default: module.MemberMenu })));

/**
 * Sign in for visitors; an Account menu with Sign out for members, and beside it the link to where
 * the person works (the console, the provider dashboard, the employer portal), when they work here.
 */
export function AccountMenu({ user, hideDelay }: { user: SessionUser | null | undefined; hideDelay: number }) {
  if (!user) {
    return (
      <Link to="/sign-in" className="inline-flex items-center gap-1.5 rounded-md px-2 py-2 font-semibold hover:text-brand">
        <UserIcon width="20" height="20" />
        Sign in
      </Link>
    );
  }
  const workArea = workAreaOf(user.role);
  // until the menu's code arrives (or for good, without script) the member has a plain way to their account
  return (
    <>
      {workArea ? (
        <Link to={workArea.path} className="hidden items-center rounded-md px-2 py-2 font-semibold hover:text-brand sm:inline-flex">
          {workArea.label}
        </Link>
      ) : null}
      <Suspense
        fallback={
          <Link to="/account" className="inline-flex items-center gap-1 rounded-md px-2 py-2 font-semibold hover:text-brand">
            Account
          </Link>
        }
      >
        <MemberMenu user={user} hideDelay={hideDelay} />
      </Suspense>
    </>
  );
}
