import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_API_BASE_URL, resolveApiBaseUrl } from './config.ts';
import { ApiError, isApiError, NETWORK_ERROR_MESSAGE } from './errors.ts';
import { createHttp, RETRY_ATTEMPTS, RETRY_DELAY_MS } from './http.ts';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

type Handler = (request: Seen, response: ServerResponse) => void;

/** A small honest stand-in for the shop's API: answers through whatever `handle` says. */
function startApi(port = 0): Promise<{ server: Server; baseUrl: string; seen: Seen[]; use(handler: Handler): void }> {
  const seen: Seen[] = [];
  let handle: Handler = (_request, response) => send(response, 200, { ok: true });
  const server = createServer((request, response) => {
    const at = performance.now();
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const entry = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body, at };
      seen.push(entry);
      handle(entry, response);
    });
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address() as AddressInfo;
      resolve({ server, baseUrl: `http://127.0.0.1:${bound}/api`, seen, use: (handler) => (handle = handler) });
    });
  });
}

function stop(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

function send(response: ServerResponse, status: number, body?: unknown) {
  if (body === undefined) return response.writeHead(status).end();
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** A port nothing listens on: bind one, then let it go. */
async function freePort(): Promise<number> {
  const { server, baseUrl } = await startApi();
  await stop(server);
  return Number(new URL(baseUrl).port);
}

function recordingFetch(inner: typeof fetch = fetch) {
  const calls: Array<{ url: string; init: RequestInit | undefined }> = [];
  const wrapped: typeof fetch = (input, init) => {
    calls.push({ url: input instanceof Request ? input.url : String(input), init });
    return inner(input, init);
  };
  return { calls, fetch: wrapped };
}

async function rejectionOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  if (!isApiError(error)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

const notFoundYet = { code: 'QUIZ_RESULT_NOT_FOUND', message: 'We could not find these quiz results.' };

let api: Awaited<ReturnType<typeof startApi>>;

beforeAll(async () => {
  api = await startApi();
});

afterAll(() => stop(api.server));

beforeEach(() => {
  api.seen.length = 0;
  api.use((_request, response) => send(response, 200, { ok: true }));
});

describe('every request', () => {
  it('sends credentials, accepts JSON and merges the extra headers', async () => {
    const recorder = recordingFetch();
    const http = createHttp({ baseUrl: api.baseUrl, fetch: recorder.fetch, headers: { Cookie: 'session=abc', 'X-Both': 'client' } });

    await expect(http.request('GET', '/health', { headers: { 'X-Call': 'yes', 'x-both': 'call' } })).resolves.toEqual({ ok: true });

    expect(recorder.calls).toHaveLength(1);
    expect(recorder.calls[0]?.init?.credentials).toBe('include');
    const [seen] = api.seen;
    expect(seen?.headers.accept).toBe('application/json');
    expect(seen?.headers.cookie).toBe('session=abc');
    expect(seen?.headers['x-call']).toBe('yes');
    expect(seen?.headers['x-both']).toBe('call');
    expect(seen?.headers['content-type']).toBeUndefined();
  });

  it('sends a body as JSON', async () => {
    const http = createHttp({ baseUrl: api.baseUrl });
    await http.request('POST', '/cart/items', { body: { productCode: 'starter', testId: 7 } });

    const [seen] = api.seen;
    expect(seen?.method).toBe('POST');
    expect(seen?.url).toBe('/api/cart/items');
    expect(seen?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen?.body ?? '')).toEqual({ productCode: 'starter', testId: 7 });
  });

  it('encodes the query string and leaves out undefined values', async () => {
    const http = createHttp({ baseUrl: api.baseUrl });
    await http.request('GET', '/labs', { query: { zip: '10 001&x=1', page: 2, open: true, city: undefined } });

    const url = new URL(api.seen[0]?.url ?? '', 'http://x');
    expect(url.pathname).toBe('/api/labs');
    expect([...url.searchParams]).toEqual([
      ['zip', '10 001&x=1'],
      ['page', '2'],
      ['open', 'true'],
    ]);
  });

  it('returns the parsed body of a 2xx and undefined for a 204', async () => {
    const http = createHttp({ baseUrl: api.baseUrl });
    api.use((_request, response) => send(response, 201, { id: 'r1', items: [1, 2] }));
    await expect(http.request<{ id: string }>('POST', '/quiz-results', { body: {} })).resolves.toEqual({ id: 'r1', items: [1, 2] });

    api.use((_request, response) => send(response, 204));
    await expect(http.request('DELETE', '/cart/items/1')).resolves.toBeUndefined();
  });
});

describe('resolveApiBaseUrl', () => {
  const saved = { config: globalThis.__SHOP_CONFIG__, env: process.env.API_BASE_URL };

  afterEach(() => {
    globalThis.__SHOP_CONFIG__ = saved.config;
    if (saved.env === undefined) delete process.env.API_BASE_URL;
    else process.env.API_BASE_URL = saved.env;
  });

  it('takes the explicit URL, then runtime configuration, then API_BASE_URL, then /api', () => {
    globalThis.__SHOP_CONFIG__ = { apiBaseUrl: 'https://runtime.example/api/' };
    process.env.API_BASE_URL = 'https://env.example/api';
    expect(resolveApiBaseUrl('https://explicit.example/v1/')).toBe('https://explicit.example/v1');
    expect(resolveApiBaseUrl()).toBe('https://runtime.example/api');

    globalThis.__SHOP_CONFIG__ = undefined;
    expect(resolveApiBaseUrl()).toBe('https://env.example/api');

    delete process.env.API_BASE_URL;
    expect(resolveApiBaseUrl()).toBe('/api');
    expect(DEFAULT_API_BASE_URL).toBe('/api');
  });

  it('is what createHttp uses when no base URL is given', () => {
    globalThis.__SHOP_CONFIG__ = { apiBaseUrl: '/shop-api/' };
    expect(createHttp().baseUrl).toBe('/shop-api');
    expect(createHttp({ baseUrl: 'http://127.0.0.1:1/api' }).baseUrl).toBe('http://127.0.0.1:1/api');
  });
});

describe('retries', () => {
  it('are 3, 500 ms apart, by default', () => {
    expect(RETRY_ATTEMPTS).toBe(3);
    expect(RETRY_DELAY_MS).toBe(500);
  });

  it('ask again while the quiz result is not found, and succeed on the 3rd attempt', async () => {
    api.use((_request, response) => (api.seen.length < 3 ? send(response, 404, notFoundYet) : send(response, 200, { id: 'q1' })));
    const http = createHttp({ baseUrl: api.baseUrl, retryDelayMs: 20 });

    await expect(http.request('GET', '/quiz-results/q1')).resolves.toEqual({ id: 'q1' });
    expect(api.seen).toHaveLength(3);
  });

  it('give up after 4 attempts, spaced ~500 ms apart, with the last QUIZ_RESULT_NOT_FOUND', async () => {
    api.use((_request, response) => send(response, 404, notFoundYet));
    const http = createHttp({ baseUrl: api.baseUrl });

    const error = await rejectionOf(http.request('GET', '/quiz-results/q1'));

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'QUIZ_RESULT_NOT_FOUND', message: notFoundYet.message });
    expect(api.seen).toHaveLength(4);
    const gaps = api.seen.slice(1).map((seen, index) => seen.at - (api.seen[index]?.at ?? 0));
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(450);
  });

  it.each([
    { status: 404, body: { code: 'NOT_FOUND', message: 'No such order' }, code: 'NOT_FOUND', message: 'No such order' },
    { status: 500, body: { code: 'INTERNAL', message: 'Broken' }, code: 'INTERNAL', message: 'Broken' },
    { status: 400, body: { code: 'VALIDATION', message: 'Enter a valid zipcode' }, code: 'VALIDATION', message: 'Enter a valid zipcode' },
    { status: 503, body: undefined, code: 'HTTP_503', message: 'Something happened. Please try again or contact us.' },
  ])('never happen for a $status $code: one attempt, then ApiError', async ({ status, body, code, message }) => {
    api.use((_request, response) => send(response, status, body));
    const http = createHttp({ baseUrl: api.baseUrl, retryDelayMs: 20 });

    const error = await rejectionOf(http.request('GET', '/orders/o1'));

    expect(error).toMatchObject({ status, code, message });
    expect(api.seen).toHaveLength(1);
  });

  it('happen when there is no response, ending in NETWORK_ERROR after 4 attempts', async () => {
    const recorder = recordingFetch();
    const http = createHttp({ baseUrl: `http://127.0.0.1:${await freePort()}/api`, fetch: recorder.fetch, retryDelayMs: 20 });

    const error = await rejectionOf(http.request('GET', '/health'));

    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR', message: NETWORK_ERROR_MESSAGE });
    expect(NETWORK_ERROR_MESSAGE).toBe('We could not reach the shop. Check your connection and try again.');
    expect(recorder.calls).toHaveLength(4);
  });

  it('reach a server that comes up after the first attempt', async () => {
    const port = await freePort();
    let late: Awaited<ReturnType<typeof startApi>> | undefined;
    const recorder = recordingFetch(async (input, init) => {
      try {
        return await fetch(input, init);
      } finally {
        // the first attempt has been refused: bring the API up before the retry
        late ??= await startApi(port);
      }
    });
    const http = createHttp({ baseUrl: `http://127.0.0.1:${port}/api`, fetch: recorder.fetch, retryDelayMs: 20 });

    try {
      await expect(http.request('GET', '/health')).resolves.toEqual({ ok: true });
      expect(recorder.calls).toHaveLength(2);
      expect(late?.seen).toHaveLength(1);
    } finally {
      if (late) await stop(late.server);
    }
  });

  it('stop when the caller aborts', async () => {
    api.use((_request, response) => setTimeout(() => send(response, 200, {}), 200));
    const http = createHttp({ baseUrl: api.baseUrl, retryDelayMs: 20 });

    const failure = await http.request('GET', '/slow', { signal: AbortSignal.timeout(50) }).catch((error: unknown) => error);

    expect(isApiError(failure)).toBe(false);
    expect(failure).toMatchObject({ name: 'TimeoutError' });
    expect(api.seen).toHaveLength(1);
  });
});
