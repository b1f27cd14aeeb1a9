import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';
import { RateLimitedError } from '../rate-limit/limiter.ts';
import { validationFailed } from '../validation.ts';

/**
 * Every error leaves as `{code, message}` with the right status and never a stack trace. Bad
 * input is a 400 that says which field and why; only our own faults are 500s, and those are
 * logged with their stack here, on the server.
 */
export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ code: error.code, message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: issue.instancePath.split('/').filter(Boolean),
        message: issue.message ?? 'The request is not valid.',
      }));
      const failure = validationFailed(issues);
      return reply.status(failure.statusCode).send({ code: failure.code, message: failure.message });
    }
    const refused = refusedValue(error);
    if (refused) {
      // a validation gap upstream let this value reach the database: worth a look, not a page
      request.log.warn({ err: error }, 'the database refused a value from the request');
      return reply.status(400).send(refused);
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.status(400).send({ code: 'INVALID_JSON', message: 'The request body is not valid JSON.' });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.status(400).send({ code: 'BODY_TOO_LARGE', message: 'The request body is too large. Send less data and try again.' });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply
          .status(415)
          .send({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the body as JSON with Content-Type: application/json.' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ code: error.code ?? 'BAD_REQUEST', message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ code: 'INTERNAL_ERROR', message: 'Something went wrong on our side. Please try again in a moment.' });
  });
});

// PostgreSQL's answers (SQLSTATE) that only a value from the client can cause; schemas should
// refuse such values first, and this is the net under them
const refusedValues: Record<string, { code: string; message: string }> = {
  '22021': { code: 'INVALID_CHARACTER', message: 'The request contains a character that is not allowed.' },
  '22P05': { code: 'INVALID_CHARACTER', message: 'The request contains a character that is not allowed.' },
  '22P02': { code: 'INVALID_VALUE', message: 'A value in the request is not in the expected format.' },
  '22001': { code: 'VALUE_TOO_LONG', message: 'A value in the request is too long.' },
  '22003': { code: 'VALUE_OUT_OF_RANGE', message: 'A number in the request is out of range.' },
  '22007': { code: 'INVALID_DATE', message: 'A date in the request is not valid.' },
  '22008': { code: 'INVALID_DATE', message: 'A date in the request is not valid.' },
  '22025': { code: 'INVALID_VALUE', message: 'A value in the request is not in the expected format.' },
};

/** The answer to a database error caused by a value in the request, looking through wrappers. */
function refusedValue(error: unknown): { code: string; message: string } | undefined {
  let current: unknown = error;
  // drizzle wraps the driver's error in `cause`; a few levels is all any wrapper goes
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && Object.hasOwn(refusedValues, code)) return refusedValues[code];
    current = cause;
  }
  return undefined;
}
