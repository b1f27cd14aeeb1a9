import { describe, expect, it } from 'vitest';
import { seededAffiliates } from './affiliate-landings.ts';
import { findProviderVideo, providerVideos } from './provider-videos.ts';

describe('seeded affiliates', () => {
  it('has a banner and a header of its own for each code of the specification', () => {
    expect(seededAffiliates.map((affiliate) => affiliate.code)).toEqual(['girlboss20', 'hbr', 'ness', 'FIXMYDIET']);
    expect(new Set(seededAffiliates.map((affiliate) => affiliate.heading)).size).toBe(4);
    expect(seededAffiliates[0]!.banner).toBe('GIRLBOSS20: 20% off your first test');
  });
});

describe('provider videos', () => {
  it('each has a unique slug, a summary and a transcript', () => {
    expect(new Set(providerVideos.map((video) => video.slug)).size).toBe(providerVideos.length);
    for (const video of providerVideos) {
      expect(video.summary.length).toBeGreaterThan(20);
      expect(video.transcript.length).toBeGreaterThanOrEqual(3);
    }
    expect(findProviderVideo('payment-options')?.title).toBe('Client pay, provider pay or a custom fee');
    expect(findProviderVideo('nope')).toBeUndefined();
  });
});
