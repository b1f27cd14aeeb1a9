import { describe, expect, it } from 'vitest';
import { kitTransition } from '../orders/kit-track.ts';
import { transition } from '../orders/state-machine.ts';
import { kitNotice } from './notice.ts';
import { afterRejection, sampleRejectionLabels, sampleRejectionReasons, sampleRejectionSchema } from './rejection.ts';

describe('a rejected sample', () => {
  it('is replaced at no charge once per kit, then goes to a clinician', () => {
    expect(afterRejection(0)).toBe('replacement');
    expect(afterRejection(1)).toBe('clinician');
    expect(afterRejection(2)).toBe('clinician');
  });

  it('names every reason in words a person understands', () => {
    for (const reason of sampleRejectionReasons) expect(sampleRejectionLabels[reason]).toMatch(/^[a-z].{10,}$/);
    expect(sampleRejectionLabels.insufficient_sample).toContain('too little blood');
  });

  it('takes the reasons core knows and nothing else', () => {
    expect(sampleRejectionSchema.safeParse({ reason: 'haemolysed', note: ' tube 3 ' }).data).toEqual({
      reason: 'haemolysed',
      note: 'tube 3',
    });
    expect(sampleRejectionSchema.safeParse({ reason: 'lost_in_space' }).success).toBe(false);
    expect(sampleRejectionSchema.safeParse({ reason: 'too_old', extra: 1 }).success).toBe(false);
  });

  it('starts the kit again by its collection method, or holds it for a clinician', () => {
    expect(kitTransition('sample_received', { type: 'reject_sample', retake: 'home' })).toEqual({ ok: true, status: 'preparing' });
    expect(kitTransition('sample_held', { type: 'reject_sample', retake: 'home' })).toEqual({ ok: true, status: 'preparing' });
    expect(kitTransition('sample_received', { type: 'reject_sample', retake: 'lab' })).toEqual({ ok: true, status: 'lab_order_sent' });
    expect(kitTransition('sample_received', { type: 'reject_sample', retake: null })).toEqual({ ok: true, status: 'sample_rejected' });
    // no sample to reject: a kit on its way, one already started again, one with results
    for (const status of ['shipped', 'preparing', 'results_ready', 'sample_rejected'] as const) {
      expect(kitTransition(status, { type: 'reject_sample', retake: 'home' }).ok).toBe(false);
    }
  });

  it('moves the order back to collecting, and never from results', () => {
    expect(transition('sample_received', { type: 'kit_replaced', method: 'home' })).toEqual({ ok: true, status: 'kit_preparing' });
    expect(transition('kit_shipped', { type: 'kit_replaced', method: 'home' })).toEqual({ ok: true, status: 'kit_preparing' });
    expect(transition('sample_received', { type: 'kit_replaced', method: 'lab' })).toEqual({ ok: true, status: 'lab_order_sent' });
    expect(transition('results_ready', { type: 'kit_replaced', method: 'home' }).ok).toBe(false);
    expect(transition('kit_shipped', { type: 'kit_refunded' })).toEqual({ ok: true, status: 'refunded' });
    expect(transition('results_ready', { type: 'kit_refunded' }).ok).toBe(false);
  });

  it('tells the member why and what happens next', () => {
    expect(kitNotice({ status: 'preparing', replacements: 1, lastFailure: 'insufficient_sample' })).toBe(
      'The lab could not test your first sample: there was too little blood in the tube to test. A new kit is on its way at no charge: we e-mail you its tracking number when it ships.',
    );
    expect(kitNotice({ status: 'sample_rejected', replacements: 1, lastFailure: 'haemolysed' })).toContain('A clinician will contact you');
    expect(kitNotice({ status: 'expired', replacements: 0, lastFailure: 'no_sample' })).toContain('refunded your order in full');
    expect(kitNotice({ status: 'shipped', replacements: 0, lastFailure: null })).toBeNull();
  });
});
