import { describe, expect, it } from 'vitest';
import { noticeMessage } from './message.ts';

describe('what the console says of a notice', () => {
  it('names the clinic, its address, since when and how many deliveries, in UTC to the minute', () => {
    const detail = {
      clinicName: 'Harbor Wellness',
      url: 'https://harbor.example/hooks',
      failingSince: '2026-12-05T23:22:41.123Z',
      failing: 3,
    };
    expect(noticeMessage({ kind: 'webhook_endpoint_failing', detail })).toBe(
      'Webhooks to Harbor Wellness (https://harbor.example/hooks) have failed since 2026-12-05 23:22 UTC: 3 deliveries not delivered.',
    );
    expect(noticeMessage({ kind: 'webhook_endpoint_failing', detail: { ...detail, failing: 1 } })).toMatch(/: 1 delivery not delivered\.$/);
  });
});
