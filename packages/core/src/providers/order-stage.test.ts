import { describe, expect, it } from 'vitest';
import type { OrderProgressInput } from '../orders/progress.ts';
import { clinicOrderTrack, type ClinicOrderTrackInput } from './order-stage.ts';

const at = (day: string) => `${day}T15:00:00.000Z`;
const noKit = { shippedAt: null, sampleReceivedAt: null, resultsAt: null };
const pending = { state: 'pending', heldAt: null, releasedAt: null } as const;
const toApproval = [
  { status: 'paid', at: at('2026-11-20') },
  { status: 'approval_pending', at: at('2026-11-21') },
];

function track(fulfilment: Partial<OrderProgressInput>, results: ClinicOrderTrackInput['results'] = pending) {
  return clinicOrderTrack({
    fulfilment: { status: 'paid', method: null, timeline: [], kits: [], items: [{ productCode: 'base-quiz' }], ...fulfilment },
    results,
  });
}

describe('clinicOrderTrack', () => {
  it('is paid, with nothing to expect yet, until the kit leaves', () => {
    expect(track({ status: 'approval_pending', method: 'home', timeline: toApproval })).toEqual({
      stage: 'paid',
      reached: [{ stage: 'paid', on: '2026-11-20' }],
      next: null,
    });
  });

  it('expects a shipped kit 2 to 5 business days later', () => {
    const shipped = track({
      status: 'kit_shipped',
      method: 'home',
      timeline: [...toApproval, { status: 'kit_preparing', at: at('2026-11-23') }, { status: 'kit_shipped', at: at('2026-11-24') }],
      kits: [{ ...noKit, shippedAt: at('2026-11-24') }],
    });
    expect(shipped).toEqual({
      stage: 'kit_shipped',
      reached: [
        { stage: 'paid', on: '2026-11-20' },
        { stage: 'kit_shipped', on: '2026-11-24' },
      ],
      next: { label: 'Kit arrives', from: '2026-11-26', to: '2026-12-01' },
    });
  });

  it('expects the lab order ready 2 business days after it was sent, then results 5 business days after the lab visit', () => {
    const timeline = [...toApproval, { status: 'lab_order_sent', at: at('2026-11-23') }];
    const sent = track({ status: 'lab_order_sent', method: 'lab', timeline, kits: [noKit] });
    expect(sent).toMatchObject({ stage: 'lab_visit', next: { label: 'Lab order ready by', from: '2026-11-25', to: '2026-11-25' } });
    const drawn = track({
      status: 'sample_received',
      method: 'lab',
      timeline: [...timeline, { status: 'sample_received', at: at('2026-11-26') }],
      kits: [{ ...noKit, sampleReceivedAt: at('2026-11-26') }],
    });
    expect(drawn).toMatchObject({
      stage: 'sample_received',
      reached: [{ stage: 'paid' }, { stage: 'lab_visit', on: '2026-11-23' }, { stage: 'sample_received', on: '2026-11-26' }],
      next: { label: 'Results expected', from: '2026-12-03', to: '2026-12-03' },
    });
  });

  it('tells only whether the results are held or released, with their days, and expects nothing more', () => {
    const done = {
      status: 'results_ready',
      method: 'home' as const,
      timeline: [...toApproval, { status: 'kit_shipped', at: at('2026-11-24') }, { status: 'results_ready', at: at('2026-12-04') }],
      kits: [{ shippedAt: at('2026-11-24'), sampleReceivedAt: at('2026-11-30'), resultsAt: at('2026-12-04') }],
    };
    const held = track(done, { state: 'held', heldAt: at('2026-12-04'), releasedAt: null });
    expect(held).toMatchObject({ stage: 'results_held', next: null });
    expect(held!.reached.map((each) => `${each.stage} ${each.on}`)).toEqual([
      'paid 2026-11-20',
      'kit_shipped 2026-11-24',
      'sample_received 2026-11-30',
      'results_held 2026-12-04',
    ]);
    const reviewed = track(done, { state: 'released', heldAt: at('2026-12-04'), releasedAt: at('2026-12-07') });
    expect(reviewed!.reached.slice(-2)).toEqual([
      { stage: 'results_held', on: '2026-12-04' },
      { stage: 'results_released', on: '2026-12-07' },
    ]);
    // released at once by the clinic's rule: never held
    const atOnce = track(done, { state: 'released', heldAt: null, releasedAt: at('2026-12-04') });
    expect(atOnce!.reached.map((each) => each.stage)).toEqual(['paid', 'kit_shipped', 'sample_received', 'results_released']);
  });

  it('has no track for an order not paid yet, or refunded', () => {
    expect(track({ status: 'pending_payment' })).toBeNull();
    expect(track({ status: 'refunded', timeline: toApproval })).toBeNull();
  });
});
