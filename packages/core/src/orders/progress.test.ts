import { describe, expect, it } from 'vitest';
import { addBusinessDays, orderProgress, type OrderProgressInput } from './progress.ts';

const at = (day: string) => `${day}T15:00:00.000Z`;
const starter = [{ productCode: 'base-quiz' }];
const withProgram = [{ productCode: 'base-quiz' }, { productCode: 'base-improvement-plan' }];
const noKit = { shippedAt: null, sampleReceivedAt: null, resultsAt: null };

function progress(input: Partial<OrderProgressInput>) {
  return orderProgress({ status: 'paid', method: null, timeline: [], kits: [], items: starter, ...input });
}
const states = (steps: ReturnType<typeof orderProgress>) => steps.map((step) => `${step.key}:${step.state}`);

describe('addBusinessDays', () => {
  it('skips weekends', () => {
    // Friday 27 November 2026 + 2 business days = Tuesday 1 December
    expect(addBusinessDays(new Date('2026-11-27T20:00:00Z'), 2).toISOString().slice(0, 10)).toBe('2026-12-01');
    // Saturday + 1 = Monday
    expect(addBusinessDays(new Date('2026-11-28T10:00:00Z'), 1).toISOString().slice(0, 10)).toBe('2026-11-30');
    expect(addBusinessDays(new Date('2026-11-25T10:00:00Z'), 5).toISOString().slice(0, 10)).toBe('2026-12-02');
  });
});

describe('orderProgress', () => {
  it('starts at the collection choice once paid', () => {
    const steps = progress({
      timeline: [
        { status: 'pending_payment', at: at('2026-11-20') },
        { status: 'paid', at: at('2026-11-20') },
      ],
    });
    expect(states(steps)).toEqual([
      'paid:done',
      'collection:current',
      'profile:upcoming',
      'approval:upcoming',
      'dispatch:upcoming',
      'sample:upcoming',
      'results:upcoming',
    ]);
    expect(steps[0]).toMatchObject({ label: 'Paid', doneOn: '2026-11-20' });
    expect(steps[1]).toMatchObject({ label: 'Home kit or lab chosen', expected: null });
  });

  it('says who paid when the customer paid nothing: the employer covering in full, or the clinic', () => {
    expect(progress({ paidFor: { by: 'employer', name: 'Acme' } })[0]).toMatchObject({ key: 'paid', label: 'Covered by Acme' });
    expect(progress({ paidFor: { by: 'clinic', name: 'Green Clinic' } })[0]).toMatchObject({ label: 'Paid by Green Clinic' });
    expect(progress({ paidFor: null })[0]).toMatchObject({ label: 'Paid' });
  });

  it('expects a shipped kit 2 to 5 business days later, and home results 5 to 7 business days after the lab has the sample', () => {
    const timeline = [
      { status: 'paid', at: at('2026-11-20') },
      { status: 'approval_pending', at: at('2026-11-21') },
      { status: 'kit_preparing', at: at('2026-11-23') },
      { status: 'kit_shipped', at: at('2026-11-24') },
    ];
    const shipped = progress({ status: 'kit_shipped', method: 'home', timeline, kits: [{ ...noKit, shippedAt: at('2026-11-24') }] });
    expect(states(shipped).slice(3, 6)).toEqual(['approval:done', 'dispatch:done', 'sample:current']);
    expect(shipped[1]).toMatchObject({ label: 'Home kit chosen', doneOn: '2026-11-21' });
    expect(shipped[4]).toMatchObject({ label: 'Kit shipped', doneOn: '2026-11-24' });
    expect(shipped[5]!.expected).toEqual({ label: 'Your kit arrives', from: '2026-11-26', to: '2026-12-01' });

    const received = progress({
      status: 'sample_received',
      method: 'home',
      timeline: [...timeline, { status: 'sample_received', at: at('2026-11-30') }],
      kits: [{ ...noKit, shippedAt: at('2026-11-24'), sampleReceivedAt: at('2026-11-30') }],
    });
    expect(received.find((step) => step.state === 'current')).toMatchObject({
      key: 'results',
      expected: { label: 'Results expected', from: '2026-12-07', to: '2026-12-09' },
    });
  });

  it('waits for every kit’s sample before the sample step is done', () => {
    const steps = progress({
      status: 'sample_received',
      method: 'home',
      kits: [
        { ...noKit, shippedAt: at('2026-11-24'), sampleReceivedAt: at('2026-11-30') },
        { ...noKit, shippedAt: at('2026-11-24') },
      ],
    });
    expect(steps.find((step) => step.key === 'sample')?.state).toBe('current');
  });

  it('at a partner lab: the lab order is ready within 2 business days of approval, results 5 business days after the visit', () => {
    const timeline = [
      { status: 'paid', at: at('2026-11-20') },
      { status: 'approval_pending', at: at('2026-11-20') },
      { status: 'lab_order_sent', at: at('2026-11-23') },
    ];
    const sent = progress({ status: 'lab_order_sent', method: 'lab', timeline, kits: [noKit] });
    expect(sent.map((step) => step.label)).toContain('Lab order sent');
    expect(sent.find((step) => step.state === 'current')).toMatchObject({
      key: 'sample',
      expected: { label: 'Your lab order is ready by', from: '2026-11-25', to: '2026-11-25' },
    });
    const visited = progress({
      status: 'sample_received',
      method: 'lab',
      timeline,
      kits: [{ ...noKit, sampleReceivedAt: at('2026-11-25') }],
    });
    expect(visited.find((step) => step.state === 'current')?.expected).toEqual({
      label: 'Results expected',
      from: '2026-12-02',
      to: '2026-12-02',
    });
  });

  it('ends with the program when the order carries it, done once it is active', () => {
    const active = progress({
      status: 'program_active',
      method: 'home',
      items: withProgram,
      timeline: [{ status: 'program_active', at: at('2026-12-10') }],
    });
    expect(active.at(-1)).toMatchObject({ key: 'program', state: 'done', doneOn: '2026-12-10' });
    expect(active.every((step) => step.state === 'done')).toBe(true);
    expect(progress({ status: 'results_ready', items: withProgram }).at(-1)).toMatchObject({ key: 'program', state: 'current' });
  });

  it('has no track for an order with nothing to collect, or one cancelled or refunded', () => {
    expect(progress({ items: [{ productCode: 'base-daily' }] })).toEqual([]);
    expect(progress({ status: 'refunded' })).toEqual([]);
    expect(progress({ status: 'cancelled' })).toEqual([]);
  });
});
