import { context, isSpanContextValid, ROOT_CONTEXT, trace, TraceFlags } from '@opentelemetry/api';
import { activeTracer, inSpan, SpanKind } from './tracer.ts';

/**
 * The current span as a W3C traceparent (version, trace id, span id, flags), for a queued job to
 * keep: its span becomes this one's child when it runs. Null when tracing is off or no span runs.
 */
export function currentTraceParent(): string | null {
  if (!activeTracer()) return null;
  const span = trace.getSpanContext(context.active());
  if (!span || !isSpanContextValid(span)) return null;
  return `00-${span.traceId}-${span.spanId}-0${span.traceFlags & TraceFlags.SAMPLED}`;
}

const TRACE_PARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/**
 * Runs a job's handler in its span, "job email.send", the child of the span that queued it (kept
 * in the job's row) or a root of its own; its kind and attempt, never its payload.
 */
export function inJobSpan<T>(job: { name: string; attempts: number; traceParent: string | null }, work: () => Promise<T>): Promise<T> {
  if (!activeTracer()) return work();
  const parsed = job.traceParent ? TRACE_PARENT.exec(job.traceParent) : null;
  const parent = parsed
    ? trace.setSpanContext(ROOT_CONTEXT, {
        traceId: parsed[1]!,
        spanId: parsed[2]!,
        traceFlags: Number.parseInt(parsed[3]!, 16),
        isRemote: true,
      })
    : ROOT_CONTEXT;
  return inSpan(
    `job ${job.name}`,
    { kind: SpanKind.CONSUMER, attributes: { 'shop.job.name': job.name, 'shop.job.attempt': job.attempts }, parent },
    work,
  );
}
