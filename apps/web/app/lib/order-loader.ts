import { redirect } from 'react-router';
import { serverApi } from './api';
import { isUnauthenticated, notFoundWhen, pageNotFound } from './errors';

/** Loads the order named by ?order= for its owner; signed-out visitors are sent to sign in. */
export async function loadOrderFromQuery(request: Request, context: unknown) {
  const url = new URL(request.url);
  const id = url.searchParams.get('order') ?? pageNotFound();
  try {
    return await serverApi(request, context).getOrder(id);
  } catch (error) {
    if (isUnauthenticated(error)) throw redirect(`/sign-in?next=${encodeURIComponent(url.pathname + url.search)}`);
    return notFoundWhen(error);
  }
}
