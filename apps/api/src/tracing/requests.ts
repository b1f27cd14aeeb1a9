import { context, ROOT_CONTEXT, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { allowedOnly } from './attributes.ts';
import { activeTracer, failSpan, SpanKind } from './tracer.ts';

/**
 * A span per request, named by its method and route template ("GET /api/orders/:id"), never the
 * URL, whose path holds ids and tokens and whose query holds anything. Each request starts a trace
 * of its own: a traceparent header sent from the internet is not believed. The handlers and hooks
 * run inside it, so the request's statements, outgoing calls and queued jobs are its children.
 * Mounted only while tracing is on (app.ts).
 */
export function traceRequests(app: FastifyInstance): void {
  const spans = new WeakMap<FastifyRequest, Span>();

  app.addHook('onRequest', (request, _reply, done) => {
    const tracer = activeTracer();
    if (!tracer) return done();
    const route = request.routeOptions.url;
    const span = tracer.startSpan(
      route ? `${request.method} ${route}` : request.method,
      {
        kind: SpanKind.SERVER,
        attributes: allowedOnly({ 'http.request.method': request.method, ...(route ? { 'http.route': route } : {}) }),
      },
      ROOT_CONTEXT,
    );
    spans.set(request, span);
    context.with(trace.setSpan(ROOT_CONTEXT, span), done);
  });

  app.addHook('onResponse', (request, reply, done) => {
    const span = spans.get(request);
    if (span) {
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) failSpan(span, String(reply.statusCode));
      else span.setStatus({ code: SpanStatusCode.UNSET });
      span.end();
      spans.delete(request);
    }
    done();
  });

  app.addHook('onRequestAbort', (request, done) => {
    const span = spans.get(request);
    if (span) {
      failSpan(span, 'aborted');
      span.end();
      spans.delete(request);
    }
    done();
  });
}
