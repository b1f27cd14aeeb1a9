/** What a person reads when no response came back at all, after every retry. */
export const NETWORK_ERROR_MESSAGE = 'We could not reach the shop. Check your connection and try again.';

/** What a person reads when the server failed without saying why (no `{ code, message }` body). */
export const GENERIC_ERROR_MESSAGE = 'Something happened. Please try again or contact us.';

/**
 * Every failed API call rejects with one of these: the HTTP status (0 when there was no
 * response), the stable code a program switches on and the message a person can read.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly code: string;
  /** the whole error body, for the answers that carry more than a message (the cart's confirmation) */
  readonly body: unknown;

  constructor(status: number, code: string, message: string, options?: ErrorOptions & { body?: unknown }) {
    super(message, options);
    this.status = status;
    this.code = code;
    this.body = options?.body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The API's error body, `{ code, message }`, when the response carries one. */
export function errorBodyOf(body: unknown): { code: string; message: string | undefined } | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { code, message } = body as { code?: unknown; message?: unknown };
  if (typeof code !== 'string' || code === '') return undefined;
  return { code, message: typeof message === 'string' && message !== '' ? message : undefined };
}

/** The error for a non-2xx response: the server's own code and message when it sent them. */
export function apiErrorFromResponse(status: number, body: unknown): ApiError {
  const known = errorBodyOf(body);
  return known
    ? new ApiError(status, known.code, known.message ?? GENERIC_ERROR_MESSAGE, { body })
    : new ApiError(status, `HTTP_${status}`, GENERIC_ERROR_MESSAGE);
}

/** The error once every attempt ended without a response; `cause` keeps the last failure. */
export function networkError(cause: unknown): ApiError {
  return new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE, { cause });
}
