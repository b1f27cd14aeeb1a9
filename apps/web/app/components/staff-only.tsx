import { Link } from 'react-router';
import { workAreaOf } from '@shop/core';
import { useSessionUser } from './nav/use-session';

/** The console's refusal for an account without a staff role, with the way to where that account works (or its account). */
export function StaffOnly() {
  const user = useSessionUser();
  const workArea = workAreaOf(user?.role);
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">The console is for the shop's staff</h1>
      <p className="mt-3 text-muted">Your account does not have access to it.</p>
      {user ? (
        <Link to={workArea?.path ?? '/account'} className="btn btn-primary mt-8">
          {workArea ? `Open the ${workArea.label.toLowerCase()}` : 'Open your account'}
        </Link>
      ) : null}
    </section>
  );
}
