import type { ExportResult } from '@opentelemetry/core';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace';
import { allowedOnly } from './attributes.ts';

/**
 * The exporter's spans with the attributes on the list only (attributes.ts), no events (an
 * exception's message may quote a statement's values), links without attributes and a status
 * without its message: the last gate before anything leaves the process, whoever made the span.
 */
export function allowlistedSpans(spans: ReadableSpan[]): ReadableSpan[] {
  return spans.map((span) => {
    const safe = Object.create(span) as ReadableSpan;
    Object.defineProperties(safe, {
      attributes: { value: allowedOnly(span.attributes) },
      events: { value: [] },
      links: { value: span.links.map((link) => ({ context: link.context })) },
      status: { value: { code: span.status.code } },
    });
    return safe;
  });
}

/** An exporter that hands `exporter` allowlisted spans only. */
export function allowlistedExporter(exporter: SpanExporter): SpanExporter {
  const flush = exporter.forceFlush?.bind(exporter);
  return {
    export: (spans: ReadableSpan[], done: (result: ExportResult) => void) => exporter.export(allowlistedSpans(spans), done),
    shutdown: () => exporter.shutdown(),
    ...(flush ? { forceFlush: flush } : {}),
  };
}
