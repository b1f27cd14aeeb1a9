import { redactUrlsAndEmails, REDACTED } from '@shop/core';

/**
 * An error as the logs and the job queue may keep it. A failed statement's error carries the
 * values it was sent with (Drizzle's message ends in `params: …`, and PGlite's error holds them as
 * `params`), and the server's `detail` repeats a row's values ("Key (email)=(…) already exists"):
 * a quiz's answers or a customer's address would land in the log whenever the database is down.
 * What is kept is the statement's text, the error's kind, its code and where it was thrown.
 */

// the fields of a driver's or a socket's error that name things (a constraint, a port), never values
const NAMING_FIELDS = [
  'code',
  'errno',
  'syscall',
  'address',
  'port',
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
  'dataType',
  'routine',
  'statusCode',
];
const MAX_DEPTH = 5;

export type SafeError = { type: string; message: string; stack: string; cause?: SafeError; errors?: SafeError[] } & Record<string, unknown>;

/** The error's own message without its statement's values. */
export function safeErrorMessage(error: unknown): string {
  if (!(error instanceof Error)) return scrubLogText(String(error));
  const { query, params, code } = error as { query?: unknown; params?: unknown; code?: unknown };
  // Drizzle's DrizzleQueryError: `Failed query: <sql>\nparams: <values>`
  if (typeof query === 'string' && params !== undefined) return `Failed query: ${query}`;
  let message = scrubLogText(error.message);
  // PostgreSQL's data exceptions (class 22) quote the value they refused: `invalid input syntax for type date: "…"`
  if (typeof code === 'string' && code.startsWith('22')) message = message.replace(/"[^"]*"/g, `"${REDACTED}"`);
  return message;
}

/** The message and those of its causes, for one line (a job's last error, a log's `err` string). */
export function describeError(error: unknown, depth = 0): string {
  const message = safeErrorMessage(error);
  const cause = error instanceof Error ? error.cause : undefined;
  return cause !== undefined && depth < MAX_DEPTH ? `${message}: ${describeError(cause, depth + 1)}` : message;
}

/** The log's `err` serializer: an error's kind, safe message, stack frames, naming fields and causes. */
export function safeError(error: unknown, depth = 0): SafeError {
  if (!(error instanceof Error)) {
    // a string already described (a job's failure), or something thrown that is not an error
    const message = typeof error === 'string' ? scrubLogText(error) : safeErrorMessage(error);
    return { type: typeof error === 'string' ? 'Error' : 'thrown value', message, stack: '' };
  }
  // Drizzle's errors keep Error's own name: their class says more
  const type = error.name && error.name !== 'Error' ? error.name : error.constructor.name;
  const message = safeErrorMessage(error);
  // the stack opens with the raw message: its frames are kept behind the safe one
  const framesAt = error.stack?.indexOf('\n    at ') ?? -1;
  const serialized: SafeError = { type, message, stack: `${type}: ${message}${framesAt === -1 ? '' : error.stack!.slice(framesAt)}` };
  for (const field of NAMING_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string' || typeof value === 'number') serialized[field] = value;
  }
  if (depth < MAX_DEPTH) {
    if (error.cause !== undefined) serialized.cause = safeError(error.cause, depth + 1);
    // a refused connection to a name with several addresses is an AggregateError of each attempt
    if (error instanceof AggregateError) serialized.errors = error.errors.slice(0, 5).map((each: unknown) => safeError(each, depth + 1));
  }
  return serialized;
}

/**
 * Free text headed for a log: a failed statement's values cut (up to the stack's frames, if any
 * follow), and the query values of any address and any e-mail address redacted.
 */
export function scrubLogText(text: string): string {
  return redactUrlsAndEmails(text.replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/g, ''));
}
