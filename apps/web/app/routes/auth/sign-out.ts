import { signOutAction } from './sign-out.server';
import type { Route } from './+types/sign-out';

/** Signing out: the Sign out forms of the header and the account are sent here, with or without script. */
export function action(args: Route.ActionArgs) {
  return signOutAction(args);
}
