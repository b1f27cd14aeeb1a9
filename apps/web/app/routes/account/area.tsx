import { Outlet, type ShouldRevalidateFunctionArgs } from 'react-router';
import { isAccountDeletedAnswer } from '../../components/account/forms';
import { requireSignedIn } from '../../lib/area-guard.server';
import type { Route } from './+types/area';

/** The account area: every page under it is for a signed-in customer. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireSignedIn(request, context);
  return { sessionUser: { email: session.user.email, role: session.user.role ?? '' } };
}

export default function AccountArea() {
  return <Outlet />;
}

/** After the account's own deletion there is no session to check: the page shows the deletion's answer. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return isAccountDeletedAnswer(actionResult) ? false : defaultShouldRevalidate;
}
