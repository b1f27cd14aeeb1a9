import { isApiError } from '@shop/client/errors';
import { messages } from '@shop/core';
import { data, redirect } from 'react-router';

/** A message for a person, from whatever an API call threw. */
export function messageOf(error: unknown, fallback: string = messages.checkoutFailed): string {
  if (!isApiError(error)) return fallback;
  // no response at all (status 0) carries its own "check your connection" message
  if (error.status >= 500) return fallback;
  return error.message;
}

/** In a loader: this page does not exist, so the visitor gets the 404 page. */
export function pageNotFound(): never {
  throw data(null, { status: 404 });
}

/** What a page refused to this person carries to the error boundary: the API's reason. */
export interface RefusedPage {
  message: string;
}

/** In a loader: a missing thing is the 404 page, anything else bubbles up as an error. */
export function notFoundWhen(error: unknown): never {
  if (isApiError(error) && error.status === 404) pageNotFound();
  throw error;
}

/**
 * In a loader of a page outside the console (whose guard answers a refusal itself): a missing
 * thing is the 404 page, a thing this person may not see the 403 page with the API's reason (never
 * the error page's "on our side"), anything else bubbles up as an error.
 */
export function notFoundOrRefusedWhen(error: unknown): never {
  if (isApiError(error) && error.status === 403) throw data<RefusedPage>({ message: error.message }, { status: 403 });
  return notFoundWhen(error);
}

export function isUnauthenticated(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

/** In a loader: a visitor who is not signed in goes to the sign-in page, which brings them back here. */
export function signInFirstWhen(error: unknown, request: Request): void {
  if (!isUnauthenticated(error)) return;
  const url = new URL(request.url);
  throw redirect(`/sign-in?next=${encodeURIComponent(url.pathname + url.search)}`);
}
