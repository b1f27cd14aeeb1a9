import { isApiError } from '@shop/client/errors';
import { redirect } from 'react-router';
import { isUnauthenticated } from './errors';

/**
 * Loads a console page: a visitor who is not signed in goes to sign in and comes back; one
 * without a staff role gets `forbidden` and the page says so.
 */
export async function loadForStaff<T extends object>(
  request: Request,
  load: () => Promise<T>,
): Promise<(T & { forbidden: false }) | { forbidden: true }> {
  try {
    return { ...(await load()), forbidden: false };
  } catch (error) {
    const url = new URL(request.url);
    if (isUnauthenticated(error)) throw redirect(`/sign-in?next=${encodeURIComponent(url.pathname + url.search)}`);
    if (isApiError(error) && error.status === 403) return { forbidden: true };
    throw error;
  }
}
