import { Outlet } from 'react-router';
import { StaffOnly } from '../../components/staff-only';
import { requireStaff } from '../../lib/area-guard.server';
import type { Route } from './+types/area';

/** The console: every page under it is for the shop's staff; a page may narrow the roles further. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return requireStaff(request, context);
}

export default function ConsoleArea({ loaderData }: Route.ComponentProps) {
  return loaderData.staff ? <Outlet /> : <StaffOnly />;
}
