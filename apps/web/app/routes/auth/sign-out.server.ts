import { redirectDocument, type ActionFunctionArgs } from 'react-router';
import { actionApi } from '../../lib/form.server';

/**
 * Signs the visitor out through the API and loads the home page, with the cookies the API cleared:
 * the whole page is loaded again, so every part of it forgets the member at once. A failure of
 * the API changes nothing for the visitor, who goes home as well.
 */
export async function signOutAction({ request, context }: ActionFunctionArgs) {
  const { api, cookies } = actionApi(request, context);
  await api.signOut().catch(() => undefined);
  return redirectDocument('/', { headers: cookies });
}
