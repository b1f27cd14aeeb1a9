import { describe, expect, it } from 'vitest';
import { orderStatuses, transition, type OrderEvent, type OrderStatus } from './state-machine.ts';

function walk(start: OrderStatus, events: OrderEvent[]): OrderStatus {
  return events.reduce<OrderStatus>((status, event) => {
    const result = transition(status, event);
    if (!result.ok) throw new Error(result.reason);
    return result.status;
  }, start);
}

describe('order state machine', () => {
  it('takes a home-kit program order from payment to completion', () => {
    expect(
      walk('pending_payment', [
        { type: 'payment_succeeded' },
        { type: 'collection_requested' },
        { type: 'collection_chosen', method: 'home', profileOnFile: false },
        { type: 'profile_completed' },
        { type: 'clinician_approved', method: 'home' },
        { type: 'kit_shipped' },
        { type: 'sample_received' },
        { type: 'results_entered', hasProgram: true },
        { type: 'program_charged' },
        { type: 'retests_started' },
        { type: 'program_completed' },
      ]),
    ).toBe('completed');
  });

  it('takes a lab order without a program to its results', () => {
    expect(
      walk('paid', [
        { type: 'collection_chosen', method: 'lab', profileOnFile: false },
        { type: 'profile_completed' },
        { type: 'clinician_approved', method: 'lab' },
        { type: 'sample_received' },
        { type: 'results_entered', hasProgram: false },
      ]),
    ).toBe('results_ready');
  });

  it('takes the order of an account whose medical profile is filled straight to clinician approval', () => {
    expect(walk('paid', [{ type: 'collection_chosen', method: 'home', profileOnFile: true }])).toBe('approval_pending');
    expect(walk('collection_pending', [{ type: 'collection_chosen', method: 'lab', profileOnFile: true }])).toBe('approval_pending');
  });

  it('refunds a declined order', () => {
    expect(walk('approval_pending', [{ type: 'clinician_declined' }])).toBe('refunded');
  });

  it('refuses to process an order before its medical profile is filled', () => {
    const result = transition('profile_pending', { type: 'clinician_approved', method: 'home' });
    expect(result).toEqual({ ok: false, reason: expect.stringContaining('profile pending') });
  });

  it('refuses to cancel once a kit has shipped', () => {
    expect(transition('kit_shipped', { type: 'cancel' }).ok).toBe(false);
  });

  it('never charges for a paid order twice', () => {
    expect(transition('paid', { type: 'payment_succeeded' }).ok).toBe(false);
  });

  it('ends nowhere from completed or refunded', () => {
    const events: OrderEvent['type'][] = ['payment_succeeded', 'cancel', 'refund', 'sample_received'];
    for (const status of ['completed', 'refunded'] as const) {
      for (const type of events) {
        expect(transition(status, { type } as OrderEvent).ok).toBe(false);
      }
    }
    expect(orderStatuses).toContain('completed');
  });
});
