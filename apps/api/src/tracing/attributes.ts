import type { Attributes } from '@opentelemetry/api';

/**
 * The only span attributes the shop exports: what a request, a statement, a job or an outgoing
 * call is, never whom it is about. A route template, never the path with its ids and tokens; a
 * statement's operation and table, never its text's values; a job's kind, never its payload; the
 * host called, never its path. Anything else, set by the shop or by a library, is dropped before export (allowlistedSpans), and so are span events
 * and status messages, which would carry exception messages and with them a statement's values.
 */
export const ALLOWED_ATTRIBUTES: ReadonlySet<string> = new Set([
  // an incoming request (requests.ts)
  'http.request.method',
  'http.route',
  'http.response.status_code',
  // a database statement (statements.ts)
  'db.system.name',
  'db.operation.name',
  'db.collection.name',
  // a job the worker runs (jobs.ts)
  'shop.job.name',
  'shop.job.attempt',
  // an outgoing call (outgoing.ts): a port of the shop's, or HTTP to a host
  'shop.port',
  'shop.operation',
  'server.address',
  'server.port',
  // what failed: an error's class name or an HTTP status
  'error.type',
]);

/** `attributes` less every one not on the list. */
export function allowedOnly(attributes: Attributes): Attributes {
  const kept: Attributes = {};
  for (const [key, value] of Object.entries(attributes)) {
    if (ALLOWED_ATTRIBUTES.has(key)) kept[key] = value;
  }
  return kept;
}

/** An error's kind for `error.type`: its class name, never its message. */
export function errorType(error: unknown): string {
  return error instanceof Error ? error.constructor.name : 'unknown';
}
