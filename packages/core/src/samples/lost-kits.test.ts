import { describe, expect, it } from 'vitest';
import { kitTransition } from '../orders/kit-track.ts';
import { lostKitCase, lostKitRules, lostKitStep, type WatchedKit } from './lost-kits.ts';

const start = new Date('2026-03-02T12:00:00Z');
const day = (days: number) => new Date(start.getTime() + days * 24 * 3600 * 1000);
const kit = (overrides: Partial<WatchedKit>): WatchedKit => ({
  status: 'shipped',
  method: 'home',
  shippedAt: start,
  registeredAt: null,
  sampleSentAt: null,
  labOrderSentAt: null,
  replacements: 0,
  ...overrides,
});

describe('lost kits', () => {
  it('asks after a kit not delivered at 10 days and replaces it at 14', () => {
    expect(lostKitStep(kit({}), day(9.9))).toEqual({ kind: 'wait' });
    expect(lostKitStep(kit({}), day(10))).toEqual({ kind: 'remind', case: 'not_delivered', reminder: 1 });
    expect(lostKitStep(kit({}), day(14))).toEqual({ kind: 'replace', case: 'not_delivered' });
  });

  it('refunds a kit lost again, its free replacement used', () => {
    expect(lostKitStep(kit({ replacements: 1 }), day(14))).toEqual({ kind: 'refund', case: 'not_delivered' });
  });

  it('reminds a registered kit without a sample at 14 and 21 days and refunds at 28', () => {
    const registered = kit({ status: 'registered', registeredAt: start });
    expect(lostKitStep(registered, day(13))).toEqual({ kind: 'wait' });
    expect(lostKitStep(registered, day(14))).toEqual({ kind: 'remind', case: 'no_sample', reminder: 1 });
    expect(lostKitStep(registered, day(21))).toEqual({ kind: 'remind', case: 'no_sample', reminder: 2 });
    expect(lostKitStep(registered, day(28))).toEqual({ kind: 'refund', case: 'no_sample' });
  });

  it('looks for a sample sent and never received at 7 days and replaces the kit at 10', () => {
    const sent = kit({ status: 'registered', registeredAt: day(-3), sampleSentAt: start });
    expect(lostKitCase(sent)).toEqual({ case: 'sample_not_received', since: start });
    expect(lostKitStep(sent, day(7))).toEqual({ kind: 'remind', case: 'sample_not_received', reminder: 1 });
    expect(lostKitStep(sent, day(10))).toEqual({ kind: 'replace', case: 'sample_not_received' });
  });

  it('refunds a partner-lab order never visited: a lab order is not replaced by a kit', () => {
    const lab = kit({ status: 'lab_order_sent', method: 'lab', shippedAt: null, labOrderSentAt: start });
    expect(lostKitStep(lab, day(14))).toEqual({ kind: 'remind', case: 'no_sample', reminder: 1 });
    expect(lostKitStep(lab, day(28))).toEqual({ kind: 'refund', case: 'no_sample' });
  });

  it('leaves kits the lab is not waiting for', () => {
    for (const status of ['preparing', 'sample_held', 'sample_received', 'results_ready', 'sample_rejected', 'expired'] as const) {
      expect(lostKitStep(kit({ status }), day(60))).toEqual({ kind: 'wait' });
    }
  });

  it('acts after every reminder, on kits that can expire or be replaced', () => {
    for (const rule of Object.values(lostKitRules)) expect(Math.max(...rule.remindOnDays)).toBeLessThan(rule.actOnDay);
    expect(kitTransition('shipped', { type: 'replace', method: 'home' })).toEqual({ ok: true, status: 'preparing' });
    expect(kitTransition('registered', { type: 'expire' })).toEqual({ ok: true, status: 'expired' });
    // a sample in, or one expired: nothing more happens to the kit
    expect(kitTransition('sample_received', { type: 'expire' }).ok).toBe(false);
    expect(kitTransition('expired', { type: 'sample_arrived' }).ok).toBe(false);
  });
});
