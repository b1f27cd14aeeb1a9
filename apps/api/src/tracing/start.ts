import { context, trace } from '@opentelemetry/api';
import type { SpanExporter } from '@opentelemetry/sdk-trace';
import { observeStatements } from '@shop/db';
import { useTracer } from './tracer.ts';

export interface TracingSettings {
  /** the collector's base address (OTEL_EXPORTER_OTLP_ENDPOINT); spans go to its /v1/traces */
  endpoint?: string;
  /** service.name of every span: shop-api or shop-worker unless OTEL_SERVICE_NAME names another */
  serviceName: string;
  /** where spans go instead of a collector, one by one as they end (the tests' in-memory exporter) */
  exporter?: SpanExporter;
}

/** Flushes the spans not yet sent and turns tracing off. */
export type StopTracing = () => Promise<void>;

/**
 * Turns tracing on when a collector is configured, else does nothing and loads nothing: the SDK
 * and the exporter are imported here only, so a shop without OTEL_EXPORTER_OTLP_ENDPOINT runs as
 * if tracing did not exist. On: requests (requests.ts, mounted by app.ts when on), statements
 * (the database's observer), jobs (the worker), and outgoing calls (ports.ts, outgoing-http.ts).
 * Start it before the app and the worker are built, so their ports are wrapped.
 */
export async function startTracing(settings: TracingSettings): Promise<StopTracing | null> {
  if (!settings.endpoint && !settings.exporter) return null;
  const [
    { TracerProvider, BatchSpanProcessor, SimpleSpanProcessor },
    { AsyncLocalStorageContextManager },
    { resourceFromAttributes },
    { ATTR_SERVICE_NAME },
    { allowlistedExporter },
    { traceStatement },
    { traceOutgoingHttp },
  ] = await Promise.all([
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/context-async-hooks'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/semantic-conventions'),
    import('./allowlisted-export.ts'),
    import('./statements.ts'),
    import('./outgoing-http.ts'),
  ]);
  const processor = settings.exporter
    ? new SimpleSpanProcessor({ exporter: allowlistedExporter(settings.exporter) })
    : new BatchSpanProcessor({ exporter: allowlistedExporter(await collectorExporter(settings.endpoint ?? '')) });
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: settings.serviceName }),
    spanProcessors: [processor],
  });
  // the current span follows promises and timers, as the request id does (http/request-context.ts)
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  useTracer(provider.getTracer('shop'));
  observeStatements(traceStatement);
  const stopHttp = traceOutgoingHttp();
  return async () => {
    stopHttp();
    observeStatements(null);
    useTracer(null);
    await provider.shutdown();
    context.disable();
    trace.disable();
  };
}

async function collectorExporter(endpoint: string): Promise<SpanExporter> {
  const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
  // the standard variable names the collector's base; traces have their own path below it
  return new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` });
}
