import { Outlet } from 'react-router';
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
