import { describe, expect, it } from 'vitest';
import { kitStatuses, kitTransition, orderEventForKits, type KitEvent, type KitStatus } from './kit-track.ts';

const events: KitEvent[] = [
  { type: 'ship', trackingNumber: '1Z999' },
  { type: 'register' },
  { type: 'sample_arrived' },
  { type: 'results_entered' },
];

// every allowed step; every other (state, event) pair is refused
const allowed: Array<[KitStatus, KitEvent['type'], KitStatus]> = [
  ['preparing', 'ship', 'shipped'],
  ['shipped', 'register', 'registered'],
  ['shipped', 'sample_arrived', 'sample_held'],
  ['sample_held', 'register', 'sample_received'],
  ['registered', 'sample_arrived', 'sample_received'],
  ['lab_order_sent', 'sample_arrived', 'sample_received'],
  ['sample_received', 'results_entered', 'results_ready'],
];

describe('kit track', () => {
  it.each(allowed)('%s + %s -> %s', (from, type, to) => {
    const event = events.find((candidate) => candidate.type === type)!;
    expect(kitTransition(from, event)).toEqual({ ok: true, status: to });
  });

  const refused = kitStatuses.flatMap((status) =>
    events
      .filter((event) => !allowed.some(([from, type]) => from === status && type === event.type))
      .map((event) => [status, event.type, event] as const),
  );
  it.each(refused)('refuses %s + %s', (status, _type, event) => {
    const result = kitTransition(status, event);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/^A kit that is .+ cannot .+\.$/);
  });

  it('refuses to ship without a tracking number', () => {
    expect(kitTransition('preparing', { type: 'ship', trackingNumber: '  ' })).toEqual({
      ok: false,
      reason: 'A kit is shipped with its tracking number.',
    });
  });

  it('walks a home kit whose sample arrived before it was registered', () => {
    let status: KitStatus = 'preparing';
    for (const event of [events[0]!, events[2]!, events[1]!, events[3]!]) {
      const result = kitTransition(status, event);
      if (!result.ok) throw new Error(result.reason);
      status = result.status;
    }
    expect(status).toBe('results_ready');
  });
});

describe('the order as the aggregate of its kits', () => {
  it.each([
    ['kit_preparing', ['shipped'], 'kit_shipped'],
    ['kit_preparing', ['shipped', 'preparing', 'shipped'], null],
    ['kit_preparing', ['registered', 'sample_held', 'sample_received'], 'kit_shipped'],
    ['kit_shipped', ['sample_received', 'registered'], null],
    ['kit_shipped', ['sample_received', 'sample_held'], null],
    ['kit_shipped', ['sample_received', 'results_ready', 'sample_received'], 'sample_received'],
    ['lab_order_sent', ['lab_order_sent'], null],
    ['lab_order_sent', ['sample_received'], 'sample_received'],
    ['approval_pending', ['preparing'], null],
    ['sample_received', ['sample_received'], null],
    ['kit_preparing', [], null],
  ] as const)('%s with kits %j calls for %s', (order, kits, expected) => {
    expect(orderEventForKits(order, kits)?.type ?? null).toBe(expected);
  });
});
