import { redirect } from 'react-router';
import { serverApi } from './api';
import type { PageContext } from './load-context';

/** The roles of the shop's staff (the API's `staffRoles`): each console page narrows them further. */
const STAFF_ROLES = new Set(['operator', 'clinician', 'support', 'coach']);

function signInFirst(request: Request): never {
  const url = new URL(request.url);
  throw redirect(`/sign-in?next=${encodeURIComponent(url.pathname + url.search)}`);
}

/**
 * An area's guard, run by its layout's loader for every page under it: a visitor who is not signed
 * in goes to sign in and comes back to the page they asked for. What a page shows is still the
 * API's answer to that page's own request, which checks the same session again.
 */
export async function requireSignedIn(request: Request, context: PageContext) {
  const session = await serverApi(request, context).session();
  if (!session) signInFirst(request);
  return session;
}

/** The console's guard: signed in, and one of the staff (a customer is told the console is for staff). */
export async function requireStaff(request: Request, context: PageContext): Promise<{ staff: boolean; role: string }> {
  const session = await requireSignedIn(request, context);
  const role = session.user.role ?? '';
  return { staff: STAFF_ROLES.has(role), role };
}
