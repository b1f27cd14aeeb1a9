import type { LoaderFunctionArgs } from 'react-router';
import { serverApi } from '../../lib/api';

/** A clinic's member sending the referral: the shop knows who they are, and the form does not ask again. */
export interface Referrer {
  firstName: string;
  lastName: string;
  email: string;
}

const clinicRoles: ReadonlySet<string> = new Set(['provider_admin', 'provider_staff']);

/** An account's one name as the lead's two: the last word is the last name ("Dr. Ana Green": "Dr. Ana", "Green"). */
export function namesOf(name: string): Pick<Referrer, 'firstName' | 'lastName'> {
  const words = name.trim().split(/\s+/);
  if (words.length < 2) return { firstName: words[0] ?? '', lastName: words[0] ?? '' };
  return { firstName: words.slice(0, -1).join(' '), lastName: words.at(-1)! };
}

/** The signed-in clinic member who refers, if the visitor is one; anybody else fills in who they are. */
export async function referralLoader({ request, context }: LoaderFunctionArgs): Promise<{ referrer: Referrer | null }> {
  const session = await serverApi(request, context)
    .session()
    .catch(() => null);
  if (!session || !clinicRoles.has(session.user.role ?? '')) return { referrer: null };
  return { referrer: { ...namesOf(session.user.name ?? ''), email: session.user.email } };
}
