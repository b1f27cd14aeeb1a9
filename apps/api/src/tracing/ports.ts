import { activeTracer, inSpan, SpanKind } from './tracer.ts';

type Method = (...args: never[]) => Promise<unknown>;

/**
 * A port of the shop's (the card gateway, the e-mail sender) whose calls each make a span, "payments
 * pay", of kind client: the HTTP or SMTP exchange below it is its child. Only the port's and the
 * method's names are recorded, never what the call carries. With tracing off, the port as it is.
 */
export function tracedPort<P extends object>(port: string, implementation: P, methods: readonly (keyof P & string)[]): P {
  if (!activeTracer()) return implementation;
  const traced: Partial<Record<keyof P, Method>> = {};
  for (const name of methods) {
    const method = implementation[name];
    if (typeof method !== 'function') continue;
    traced[name] = (...args: never[]) =>
      inSpan(`${port} ${name}`, { kind: SpanKind.CLIENT, attributes: { 'shop.port': port, 'shop.operation': name } }, () =>
        (method as Method).apply(implementation, args),
      );
  }
  // the port's other members stay reachable through the prototype, as counted-gateway.ts does
  return Object.assign(Object.create(implementation) as P, traced);
}
