import { describe, expect, it } from 'vitest';
import { findExperiment, noControls } from './definitions.ts';
import { experimentReport } from './report.ts';

const checkout = findExperiment('checkout')!;
const now = new Date('2026-06-01T12:00:00Z');

describe('the experiment report', () => {
  it('gives each variant its rate, interval, difference to the control and revenue per visitor', () => {
    const report = experimentReport(
      checkout,
      noControls,
      [
        { variant: '/checkout-payment', exposed: 80, converted: { order_paid: 48 }, revenueCents: 480_000 },
        { variant: '/checkout-payment-b', exposed: 70, converted: { order_paid: 56 }, revenueCents: 560_010 },
      ],
      now,
    );
    const [control, b, c] = report.variants;
    expect(control!.metrics[0]).toMatchObject({ metric: 'order_paid', conversions: 48, rate: 0.6, difference: null });
    // Newcombe's 56/70 − 48/80 again, from the statistics' worked example
    expect(b!.metrics[0]!.difference!.value).toBeCloseTo(0.2, 10);
    expect(b!.metrics[0]!.difference!.interval.low).toBeCloseTo(0.0524, 4);
    expect(b!.metrics[0]!.difference!.interval.high).toBeCloseTo(0.3339, 4);
    expect(b!.revenuePerVisitorCents).toBe(8000);
    expect(c).toMatchObject({ exposed: 0, revenuePerVisitorCents: null });
    expect(c!.metrics[0]).toMatchObject({ rate: null, interval: null, difference: null });
    expect(report.running).toBe(true);
  });

  it('flags a sample ratio mismatch and leaves a variant turned off out of the check', () => {
    const counts = [
      { variant: '/checkout-payment', exposed: 1000, converted: {}, revenueCents: 0 },
      { variant: '/checkout-payment-b', exposed: 800, converted: {}, revenueCents: 0 },
      { variant: '/checkout-payment-c', exposed: 3, converted: {}, revenueCents: 0 },
    ];
    expect(experimentReport(checkout, noControls, counts, now).sampleRatio!.mismatch).toBe(true);
    const off = { ...noControls, disabledVariants: ['/checkout-payment-c'] };
    const fair = experimentReport(checkout, off, [{ ...counts[0]!, exposed: 1000 }, { ...counts[1]!, exposed: 990 }, counts[2]!], now);
    expect(fair.sampleRatio!.mismatch).toBe(false);
    expect(fair.variants[2]!.disabled).toBe(true);
  });
});
