import { RouterContextProvider, type ActionFunctionArgs } from 'react-router';
import { cookieAfterAction, shopLoadContext } from './load-context';

/** What an action answered: its data and status, or where it redirected, with the headers it set. */
export interface ActionResult {
  answer: unknown;
  status: number;
  headers: Headers;
  location: string | null;
  /** the API calls the action made, as the API received them */
  calls: Request[];
  /** the cookies the page's loaders speak with after the action, in the same request (null: the browser's) */
  cookieAfterAction: string | null;
}

/**
 * Calls a route action as React Router does: a form posted to `url` (whose route matched
 * `params`) by a visitor with `cookie`, and an in-process API that answers each call with `reply`.
 */
export async function callAction(
  action: (args: ActionFunctionArgs) => Promise<unknown>,
  {
    url,
    fields,
    cookie,
    reply,
    params = {},
  }: {
    url: string;
    /** the form's fields; a FormData is sent as multipart, as a form with a file is */
    fields: Record<string, string> | Array<[string, string]> | FormData;
    cookie?: string;
    reply: (request: Request) => Response | Promise<Response>;
    /** the route's parameters, as React Router takes them from the URL (`:id`) */
    params?: Record<string, string>;
  },
): Promise<ActionResult> {
  const calls: Request[] = [];
  const apiFetch: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    calls.push(request.clone());
    return reply(request);
  };
  const request = new Request(url, {
    method: 'POST',
    headers: { origin: new URL(url).origin, ...(cookie ? { cookie } : {}) },
    body: fields instanceof FormData ? fields : new URLSearchParams(fields),
  });
  const context = new RouterContextProvider();
  context.set(shopLoadContext, { apiFetch });
  const result = await action({ request, context, params } as never);
  const after = context.get(cookieAfterAction);
  if (result instanceof Response) {
    const location = result.headers.get('location');
    return { answer: undefined, status: result.status, headers: result.headers, location, calls, cookieAfterAction: after };
  }
  const { data, init } = result as { data: unknown; init: ResponseInit | null };
  return {
    answer: data,
    status: init?.status ?? 200,
    headers: new Headers(init?.headers),
    location: null,
    calls,
    cookieAfterAction: after,
  };
}

export const json = (status: number, body: unknown, headers?: HeadersInit) =>
  Response.json(body, { status, ...(headers ? { headers } : {}) });

/** The path an API call went to. */
export const pathOf = (call: Request | undefined) => (call ? new URL(call.url).pathname : undefined);
