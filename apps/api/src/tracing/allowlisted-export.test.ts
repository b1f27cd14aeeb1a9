import { SpanStatusCode } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { describe, expect, it } from 'vitest';
import { allowlistedExporter } from './allowlisted-export.ts';

describe('the allowlisted exporter', () => {
  it('passes the listed attributes on and drops every other one, the events and the status message', async () => {
    const memory = new InMemorySpanExporter();
    const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter: allowlistedExporter(memory) })] });
    const span = provider.getTracer('test').startSpan('POST /api/account/profile', {
      attributes: { 'http.route': '/api/account/profile', 'user.email': 'jane@example.com', 'url.full': '/reset?token=abc' },
    });
    span.recordException(new Error('duplicate key (email)=(jane@example.com)'));
    span.setStatus({ code: SpanStatusCode.ERROR, message: 'jane@example.com' });
    span.end();
    await provider.forceFlush();

    const [exported] = memory.getFinishedSpans();
    expect(exported?.name).toBe('POST /api/account/profile');
    expect(exported?.attributes).toEqual({ 'http.route': '/api/account/profile' });
    expect(exported?.events).toEqual([]);
    expect(exported?.status).toEqual({ code: SpanStatusCode.ERROR });
    expect(exported?.spanContext().traceId).toMatch(/^[0-9a-f]{32}$/);
    await provider.shutdown();
  });
});
