import { redirect } from 'react-router';
import { serverApi } from './api';
import type { PageContext } from './load-context';
import { isUnauthenticated, notFoundWhen } from './errors';
import { isApiError } from '@shop/client/errors';

/**
 * Where a page about one order goes when it has none to show (no `?order=`, or one that is not
 * the visitor's: a lost link, a bookmark, an e-mail opened on another device): a signed-in member
 * to the same page for their latest order, or their account when they have none; anyone else to
 * sign in and back. Never a 404 for a page of the shop.
 */
export async function withoutOrder(request: Request, context: PageContext): Promise<never> {
  const url = new URL(request.url);
  try {
    const { orders } = await serverApi(request, context).listOrders();
    const latest = orders[0];
    if (!latest || latest.id === url.searchParams.get('order')) throw redirect('/account');
    const next = new URL(url);
    next.searchParams.set('order', latest.id);
    throw redirect(next.pathname + next.search);
  } catch (error) {
    if (isUnauthenticated(error)) throw redirect(`/sign-in?next=${encodeURIComponent(url.pathname + url.search)}`);
    throw error;
  }
}

/** Loads the order named by ?order= for its owner; without one of theirs, see `withoutOrder`. */
export async function loadOrderFromQuery(request: Request, context: PageContext) {
  const url = new URL(request.url);
  const id = url.searchParams.get('order');
  if (!id) return withoutOrder(request, context);
  try {
    return await serverApi(request, context).getOrder(id);
  } catch (error) {
    if (isUnauthenticated(error)) throw redirect(`/sign-in?next=${encodeURIComponent(url.pathname + url.search)}`);
    if (isApiError(error) && (error.status === 404 || error.status === 400)) return withoutOrder(request, context);
    return notFoundWhen(error);
  }
}
