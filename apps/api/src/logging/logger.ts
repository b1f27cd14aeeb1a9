import { redactUrl, REDACTED } from '@shop/core';
import type { FastifyRequest } from 'fastify';
import type { Env } from '../env.ts';
import { safeError, safeErrorMessage, scrubLogText } from './safe-error.ts';

/** Where log lines go instead of stdout (a test reads them): anything with `write`. */
export interface LogDestination {
  write(line: string): void;
}

// headers that prove who is asking or sign what they send
const SECRET_HEADERS = [
  'authorization',
  'cookie',
  'set-cookie',
  'x-lab-signature',
  'stripe-signature',
  'webhook-signature',
  'idempotency-key',
];
// fields of a body that are secrets or about a person's health or identity
const SECRET_FIELDS = [
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'code',
  'email',
  'phone',
  'dateOfBirth',
  'answers',
  'cardNumber',
  'cvc',
];
const HEADER_HOLDERS = ['headers', 'req.headers', 'res.headers', 'request.headers', 'response.headers'];
const BODY_HOLDERS = ['body', 'req.body', 'request.body', 'payload'];

/** pino's redaction paths: the secret headers and body fields wherever a request, a response or a body is logged. */
export const redactedPaths = [
  ...HEADER_HOLDERS.flatMap((holder) => SECRET_HEADERS.map((header) => `${holder}["${header}"]`)),
  ...BODY_HOLDERS.flatMap((holder) => SECRET_FIELDS.map((field) => `${holder}.${field}`)),
  // anywhere else too, but for `code`, which an error's serialization uses for its SQLSTATE or errno
  ...SECRET_FIELDS.filter((field) => field !== 'code').flatMap((field) => [field, `*.${field}`]),
];

/**
 * A request as its log lines name it: the method, the path with its secret segments redacted
 * (by the route it matched, `/pay/:token`), the query with every value but the harmless ones
 * redacted, and who sent it. No header is written.
 */
function requestSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url, request.routeOptions?.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

type LogArguments = [unknown, ...unknown[]];

/**
 * The shop's logger (Fastify's pino): requests and errors serialized without secrets, secret
 * headers and body fields redacted wherever they appear, and every message's text scrubbed, since
 * messages Fastify and libraries write themselves name URLs ("Route GET:/x?token=… not found") and
 * errors' messages (a failed statement's values).
 */
export function shopLoggerOptions(level: Env['LOG_LEVEL'], destination?: LogDestination) {
  return {
    level,
    ...(destination ? { stream: destination } : {}),
    serializers: { req: requestSerializer, err: safeError },
    redact: { paths: redactedPaths, censor: REDACTED },
    hooks: {
      logMethod(this: unknown, args: LogArguments, method: (...args: LogArguments) => void) {
        const [first, ...rest] = args;
        // pino takes an error's raw message as the line's message when none is given
        if (first instanceof Error)
          return method.apply(this, [{ err: first }, ...(rest.length > 0 ? rest.map(scrubbed) : [safeErrorMessage(first)])]);
        return method.apply(this, [scrubbed(first), ...rest.map(scrubbed)]);
      },
    },
  };
}

function scrubbed(value: unknown): unknown {
  return typeof value === 'string' ? scrubLogText(value) : value;
}
