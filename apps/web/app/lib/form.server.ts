import { createApiClient, type ApiClient } from '@shop/client';
import { fieldErrors } from './field-errors';
import { cookieAfterAction, shopLoadContext, type PageContext } from './load-context';
import { messageOf } from './errors';
import type { FormRefusal } from './form-answer';
import { webEnv } from './web-env';

/** A text field of a posted form: '' when it is missing (or a file). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

/** The fields a page sent back without its script shows again: every text field but the secret ones. */
export function typedValues(form: FormData, secret: readonly string[] = []): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value === 'string' && !secret.includes(name) && !name.startsWith('_')) values[name] = value;
  }
  return values;
}

export interface Schema<T> {
  safeParse(
    input: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/**
 * Checks a form with the same schema of core the API checks it with: the data, or the refusal
 * an action answers with (each field's first message, and what was typed, passwords left out).
 */
export function checkForm<T>(
  schema: Schema<T>,
  input: unknown,
  form: FormData,
  secret: readonly string[] = [],
): { data: T } | { refusal: FormRefusal } {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { data: parsed.data };
  return { refusal: { ok: false, errors: fieldErrors(parsed.error.issues), values: typedValues(form, secret) } };
}

/** An action's refusal when the API said no: its message (or `fallback` for a failure of ours). */
export function refusedBy(error: unknown, fallback: string, form: FormData, secret: readonly string[] = []): FormRefusal {
  return { ok: false, errors: {}, message: messageOf(error, fallback), values: typedValues(form, secret) };
}

/** The request headers an action passes on to the API: who is asking, from which page, in which language. */
const FORWARDED = ['cookie', 'origin', 'user-agent', 'accept-language'];

/**
 * The API client for a route action: like a loader's, it speaks as the visitor (their cookies and
 * address), and it keeps every cookie the API sets, both for the action's next calls (a sign-in
 * followed by a read of the new session) and for the answer to the browser (`cookies`, to put on
 * the action's response or redirect).
 */
export function actionApi(request: Request, context: PageContext): { api: ApiClient; cookies: Headers } {
  const shop = context.get(shopLoadContext);
  const origin = new URL(request.url).origin;
  const cookies = new Headers();
  const jar = new Map(parseCookieHeader(request.headers.get('cookie') ?? ''));
  const send: typeof fetch = shop.apiFetch ?? ((input, init) => globalThis.fetch(input, init));
  const fetchKeepingCookies: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    if (jar.size > 0) headers.set('cookie', cookieHeader(jar));
    else headers.delete('cookie');
    const response = await send(input, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      cookies.append('set-cookie', line);
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      if (at <= 0) continue;
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      // a cookie set to expire is one the browser drops: so does the action's next call
      if (value === '' || /;\s*max-age=0\b/i.test(line)) jar.delete(name);
      else jar.set(name, value);
      // the page's loaders, when they run in this request, speak as the browser will be
      context.set(cookieAfterAction, cookieHeader(jar));
    }
    return response;
  };
  const headers: Record<string, string> = {};
  for (const name of FORWARDED) {
    const value = request.headers.get(name);
    if (value) headers[name] = value;
  }
  const api = createApiClient({
    baseUrl: shop.apiFetch ? `${origin}${shop.apiBaseUrl ?? '/api'}` : (webEnv().apiBaseUrl ?? `${origin}/api`),
    fetch: fetchKeepingCookies,
    headers,
    // a form's answer is final: the visitor sends it again if they want to
    maxRetries: 0,
  });
  return { api, cookies };
}

function cookieHeader(jar: Map<string, string>): string {
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

function parseCookieHeader(header: string): Array<[string, string]> {
  return header
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.includes('='))
    .map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at), part.slice(at + 1)];
    });
}
