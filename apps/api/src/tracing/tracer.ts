import { SpanKind, SpanStatusCode, type Attributes, type Context, type Span, type Tracer } from '@opentelemetry/api';
import { allowedOnly, errorType } from './attributes.ts';

/**
 * The shop's tracer while tracing is on (start.ts), else null: every span the shop makes is asked
 * for through here, so with tracing off the code runs as it would without it, one comparison more.
 */
let tracer: Tracer | null = null;

export function useTracer(next: Tracer | null): void {
  tracer = next;
}

export function activeTracer(): Tracer | null {
  return tracer;
}

export interface SpanOptions {
  kind: SpanKind;
  attributes: Attributes;
  /** the parent, when not the current span (a job's, from its row) */
  parent?: Context;
}

/** Marks a span failed with the error's class name (its message may carry values: never). */
export function failSpan(span: Span, type: string): void {
  span.setAttribute('error.type', type);
  span.setStatus({ code: SpanStatusCode.ERROR });
}

/** Runs `work` inside a span named `name`, a child of the current one; when tracing is off, just runs it. */
export function inSpan<T>(name: string, options: SpanOptions, work: () => Promise<T>): Promise<T> {
  if (!tracer) return work();
  const settle = async (span: Span): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      failSpan(span, errorType(error));
      throw error;
    } finally {
      span.end();
    }
  };
  const spanOptions = { kind: options.kind, attributes: allowedOnly(options.attributes) };
  return options.parent
    ? tracer.startActiveSpan(name, spanOptions, options.parent, settle)
    : tracer.startActiveSpan(name, spanOptions, settle);
}

export { SpanKind };
