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
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.status(400).send({ code: 'INVALID_JSON', message: 'The request body is not valid JSON.' });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply
          .status(400)
          .send({ code: 'BODY_TOO_LARGE', message: 'The request body is too large. Send less data and try again.' });
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
    return reply
      .status(500)
      .send({ code: 'INTERNAL_ERROR', message: 'Something went wrong on our side. Please try again in a moment.' });
  });
});
