import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { ClientRequest, IncomingMessage } from 'node:http';
import { context, type Span } from '@opentelemetry/api';
import { isTracingSuppressed } from '@opentelemetry/core';
import { allowedOnly, errorType } from './attributes.ts';
import { activeTracer, failSpan, SpanKind } from './tracer.ts';

/**
 * A span per outgoing HTTP request, from the channels Node publishes for its own HTTP client
 * (Stripe's library, clinic webhooks) and for fetch (undici: text and video providers): the
 * method and the host, never the path or the query, and the status of the answer. The span ends
 * when the answer's headers come. The exporter's own requests run with tracing suppressed and
 * make none. Loaded with the SDK only (start.ts).
 */
interface UndiciRequest {
  method: string;
  origin: string;
}

function startSpan(method: string, host: string, port: number | undefined): Span | undefined {
  const tracer = activeTracer();
  if (!tracer || isTracingSuppressed(context.active())) return undefined;
  return tracer.startSpan(method, {
    kind: SpanKind.CLIENT,
    attributes: allowedOnly({ 'http.request.method': method, 'server.address': host, ...(port ? { 'server.port': port } : {}) }),
  });
}

function finish(span: Span | undefined, status: number): void {
  if (!span) return;
  span.setAttribute('http.response.status_code', status);
  if (status >= 500) failSpan(span, String(status));
  span.end();
}

function fail(span: Span | undefined, error: unknown): void {
  if (!span) return;
  failSpan(span, errorType(error));
  span.end();
}

export function traceOutgoingHttp(): () => void {
  const spans = new WeakMap<object, Span>();
  const take = (request: object) => {
    const span = spans.get(request);
    spans.delete(request);
    return span;
  };
  const handlers: Record<string, (message: unknown) => void> = {
    'http.client.request.created': (message) => {
      const { request } = message as { request: ClientRequest };
      const span = startSpan(request.method, request.host, undefined);
      if (span) spans.set(request, span);
    },
    'http.client.response.finish': (message) => {
      const { request, response } = message as { request: ClientRequest; response: IncomingMessage };
      finish(take(request), response.statusCode ?? 0);
    },
    'http.client.request.error': (message) => {
      const { request, error } = message as { request: ClientRequest; error: unknown };
      fail(take(request), error);
    },
    'undici:request:create': (message) => {
      const { request } = message as { request: UndiciRequest };
      const origin = URL.canParse(request.origin) ? new URL(request.origin) : undefined;
      if (!origin) return;
      const span = startSpan(request.method, origin.hostname, origin.port ? Number(origin.port) : undefined);
      if (span) spans.set(request, span);
    },
    'undici:request:headers': (message) => {
      const { request, response } = message as { request: UndiciRequest; response: { statusCode: number } };
      finish(take(request), response.statusCode);
    },
    'undici:request:error': (message) => {
      const { request, error } = message as { request: UndiciRequest; error: unknown };
      fail(take(request), error);
    },
  };
  for (const [channel, handler] of Object.entries(handlers)) subscribe(channel, handler);
  return () => {
    for (const [channel, handler] of Object.entries(handlers)) unsubscribe(channel, handler);
  };
}
