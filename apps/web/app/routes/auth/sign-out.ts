import { redirect } from 'react-router';
import { signOutAction } from './sign-out.server';
import type { Route } from './+types/sign-out';

/** Signing out: the Sign out forms of the header and the account are sent here, with or without script. */
export function action(args: Route.ActionArgs) {
  return signOutAction(args);
}

/** An address typed or followed signs no one out (only a form's POST does): it goes home. */
export function loader() {
  return redirect('/');
}
