import { describe, expect, it } from 'vitest';
import { orderStatuses, transition, type OrderEvent, type OrderStatus } from './state-machine.ts';

const events: OrderEvent[] = [
  { type: 'payment_succeeded' },
  { type: 'payment_failed' },
  { type: 'collection_requested' },
  { type: 'collection_chosen', method: 'home', profileOnFile: false },
  { type: 'collection_chosen', method: 'lab', profileOnFile: false },
  { type: 'collection_chosen', method: 'home', profileOnFile: true },
  { type: 'collection_chosen', method: 'lab', profileOnFile: true },
  { type: 'profile_completed' },
  { type: 'clinician_approved', method: 'home' },
  { type: 'clinician_approved', method: 'lab' },
  { type: 'clinician_declined' },
  { type: 'kit_shipped' },
  { type: 'lab_order_sent' },
  { type: 'sample_received' },
  { type: 'results_entered', hasProgram: true },
  { type: 'results_entered', hasProgram: false },
  { type: 'program_charged' },
  { type: 'retests_started' },
  { type: 'program_completed' },
  { type: 'cancel' },
  { type: 'refund' },
];
const key = (event: OrderEvent) =>
  event.type +
  ('method' in event ? `:${event.method}` : '') +
  ('profileOnFile' in event ? `:${event.profileOnFile ? 'profile' : 'no-profile'}` : '') +
  ('hasProgram' in event ? `:${event.hasProgram ? 'program' : 'none'}` : '');

// DESIGN.md §3, every allowed step; every other (state, event) pair is refused
const allowed: Record<string, Partial<Record<OrderStatus, OrderStatus>>> = {
  payment_succeeded: { pending_payment: 'paid' },
  payment_failed: { pending_payment: 'pending_payment' },
  collection_requested: { paid: 'collection_pending' },
  'collection_chosen:home:no-profile': { paid: 'profile_pending', collection_pending: 'profile_pending' },
  'collection_chosen:lab:no-profile': { paid: 'profile_pending', collection_pending: 'profile_pending' },
  // a profile already filled (a second order) is not asked for again
  'collection_chosen:home:profile': { paid: 'approval_pending', collection_pending: 'approval_pending' },
  'collection_chosen:lab:profile': { paid: 'approval_pending', collection_pending: 'approval_pending' },
  profile_completed: { profile_pending: 'approval_pending' },
  'clinician_approved:home': { approval_pending: 'kit_preparing' },
  'clinician_approved:lab': { approval_pending: 'lab_order_sent' },
  clinician_declined: { approval_pending: 'refunded' },
  kit_shipped: { kit_preparing: 'kit_shipped' },
  lab_order_sent: { approval_pending: 'lab_order_sent' },
  sample_received: { kit_shipped: 'sample_received', lab_order_sent: 'sample_received' },
  'results_entered:program': { sample_received: 'program_billing' },
  'results_entered:none': { sample_received: 'results_ready' },
  program_charged: { program_billing: 'program_active' },
  retests_started: { program_active: 'retests' },
  program_completed: { retests: 'completed', results_ready: 'completed' },
  cancel: {
    pending_payment: 'cancelled',
    paid: 'cancelled',
    collection_pending: 'cancelled',
    profile_pending: 'cancelled',
    approval_pending: 'cancelled',
  },
  refund: {
    paid: 'refunded',
    collection_pending: 'refunded',
    profile_pending: 'refunded',
    approval_pending: 'refunded',
    kit_preparing: 'refunded',
    cancelled: 'refunded',
  },
};

const table = orderStatuses.flatMap((status) =>
  events.map((event) => [status, key(event), event, allowed[key(event)]?.[status] ?? null] as const),
);

describe('order state machine, every pair', () => {
  it.each(table.filter(([, , , next]) => next !== null))('%s + %s -> allowed', (status, _key, event, next) => {
    expect(transition(status, event)).toEqual({ ok: true, status: next });
  });

  it.each(table.filter(([, , , next]) => next === null))('%s + %s -> refused', (status, _key, event) => {
    const result = transition(status, event);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toContain(status.replaceAll('_', ' '));
  });
});
