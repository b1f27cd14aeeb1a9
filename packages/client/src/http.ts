import { resolveApiBaseUrl } from './config.ts';
import { ApiError, GENERIC_ERROR_MESSAGE, apiErrorFromResponse, networkError } from './errors.ts';

/** Retries after the first attempt, so a request is tried at most RETRY_ATTEMPTS + 1 times. */
export const RETRY_ATTEMPTS = 3;
export const RETRY_DELAY_MS = 500;

/**
 * A quiz result is written just before the page that shows it asks for it, so "not found" can
 * mean "not there yet". It is the only answer worth asking again; every other one is final.
 */
const RETRIED_CODE = 'QUIZ_RESULT_NOT_FOUND';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type QueryParams = Record<string, string | number | boolean | undefined>;

export interface HttpOptions {
  /** Defaults to resolveApiBaseUrl(): runtime configuration, then API_BASE_URL, then `/api`. */
  baseUrl?: string;
  /** Defaults to the global fetch; the server passes an in-process one. */
  fetch?: typeof fetch;
  /** Sent with every request (the server forwards the visitor's Cookie header this way). */
  headers?: Record<string, string>;
  retryDelayMs?: number;
  maxRetries?: number;
}

export interface RequestOptions {
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as they are, as application/octet-stream (a file's bytes); instead of `body`. */
  bytes?: Uint8Array<ArrayBuffer>;
  /** Appended to the path; `undefined` values are left out. */
  query?: QueryParams;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface Http {
  baseUrl: string;
  /** Resolves to the parsed JSON body (undefined for 204); rejects with ApiError. */
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>;
}

const NOT_JSON = Symbol('not JSON');

export function createHttp(options: HttpOptions = {}): Http {
  const baseUrl = resolveApiBaseUrl(options.baseUrl);
  // called through a closure: a detached `window.fetch` throws "Illegal invocation"
  const send: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const retryDelayMs = options.retryDelayMs ?? RETRY_DELAY_MS;
  const maxRetries = options.maxRetries ?? RETRY_ATTEMPTS;

  async function request<T>(method: HttpMethod, path: string, call: RequestOptions = {}): Promise<T> {
    const hasBody = call.body !== undefined;
    const url = baseUrl + withQuery(path.startsWith('/') ? path : `/${path}`, call.query);
    const init: RequestInit = {
      method,
      credentials: 'include',
      headers: mergeHeaders(
        hasBody,
        options.headers,
        call.bytes ? { 'Content-Type': 'application/octet-stream' } : undefined,
        call.headers,
      ),
      ...(hasBody ? { body: JSON.stringify(call.body) } : {}),
      ...(call.bytes ? { body: call.bytes } : {}),
      ...(call.signal ? { signal: call.signal } : {}),
    };

    for (let retries = 0; ; retries++) {
      const isLastAttempt = retries >= maxRetries;
      let response: Response;
      let text: string;
      try {
        response = await send(url, init);
        text = response.status === 204 ? '' : await response.text();
      } catch (error) {
        // the caller gave up: that is not a network failure, and it is not ours to retry
        if (call.signal?.aborted) throw error;
        if (isLastAttempt) throw networkError(error);
        await wait(retryDelayMs, call.signal);
        continue;
      }

      const body = parseJson(text);
      if (response.ok) {
        if (body === NOT_JSON) throw new ApiError(response.status, 'INVALID_RESPONSE', GENERIC_ERROR_MESSAGE);
        return body as T;
      }
      const error = apiErrorFromResponse(response.status, body === NOT_JSON ? undefined : body);
      if (error.code !== RETRIED_CODE || isLastAttempt) throw error;
      await wait(retryDelayMs, call.signal);
    }
  }

  return { baseUrl, request };
}

function withQuery(path: string, query: QueryParams | undefined): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.append(name, String(value));
  }
  const search = params.toString();
  if (search === '') return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

/** Later sets win, names compared case-insensitively (a `cookie` replaces a `Cookie`). */
function mergeHeaders(hasBody: boolean, ...sets: Array<Record<string, string> | undefined>): Record<string, string> {
  const headers = new Headers({ Accept: 'application/json' });
  if (hasBody) headers.set('Content-Type', 'application/json');
  for (const set of sets) {
    for (const [name, value] of Object.entries(set ?? {})) headers.set(name, value);
  }
  const merged: Record<string, string> = {};
  headers.forEach((value, name) => {
    merged[name] = value;
  });
  return merged;
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}

/** Sleeps between attempts; an abort from the caller ends the wait at once. */
function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
