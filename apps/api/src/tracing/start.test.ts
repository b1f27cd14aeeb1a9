import { describe, expect, it } from 'vitest';
import { tracedPort } from './ports.ts';
import { startTracing } from './start.ts';
import { activeTracer, inSpan, SpanKind } from './tracer.ts';
import type { EmailSender } from '../email/port.ts';

describe('tracing without a collector', () => {
  it('starts nothing: no tracer, ports as they are, work run as it is', async () => {
    expect(await startTracing({ serviceName: 'shop-api' })).toBeNull();
    expect(activeTracer()).toBeNull();
    const sender: EmailSender = { transport: 'outbox', send: async () => {} };
    expect(tracedPort('email', sender, ['send'])).toBe(sender);
    expect(await inSpan('job email.send', { kind: SpanKind.CONSUMER, attributes: {} }, async () => 'ran')).toBe('ran');
  });
});
