import { describe, expect, it } from 'vitest';
import { affiliateLanding, affiliateLandingCodes } from './affiliate-landings.ts';
import { findProviderVideo, providerVideos } from './provider-videos.ts';

describe('affiliate landings', () => {
  it('has a banner and a header of its own for each code of the specification', () => {
    expect(affiliateLandingCodes).toEqual(['girlboss20', 'hbr', 'ness', 'FIXMYDIET']);
    const headings = affiliateLandingCodes.map((code) => affiliateLanding(code).heading);
    expect(new Set(headings).size).toBe(4);
  });

  it('finds a code however it is typed', () => {
    expect(affiliateLanding('fixmydiet').code).toBe('FIXMYDIET');
    expect(affiliateLanding('GIRLBOSS20').banner).toBe('GIRLBOSS20: 20% off your first test');
  });

  it('welcomes any other code, naming it only when it reads as a code', () => {
    expect(affiliateLanding('run-club').banner).toBe('You were invited with code run-club: 20% off your first test');
    expect(affiliateLanding('<b>hi</b>').banner).toBe('You were invited: 20% off your first test');
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
