import { describe, expect, it } from 'vitest';
import { collectedAtOf, partnerLabLine } from './report.ts';

describe('a results report', () => {
  const sent = new Date('2026-03-02T15:00:00Z');
  const registered = new Date('2026-03-01T15:00:00Z');
  const received = new Date('2026-03-04T15:00:00Z');

  it('dates a home kit’s collection by its posting, else its registration, else its arrival', () => {
    expect(collectedAtOf({ sampleSentAt: sent, registeredAt: registered, sampleReceivedAt: received }, false)).toBe(sent);
    expect(collectedAtOf({ sampleSentAt: null, registeredAt: registered, sampleReceivedAt: received }, false)).toBe(registered);
    expect(collectedAtOf({ sampleSentAt: null, registeredAt: null, sampleReceivedAt: received }, false)).toBe(received);
  });

  it('dates a partner lab’s draw by the day the lab has the sample', () => {
    expect(collectedAtOf({ sampleSentAt: null, registeredAt: null, sampleReceivedAt: received }, true)).toBe(received);
  });

  it('names the partner lab with its address', () => {
    expect(
      partnerLabLine({ name: 'Partner Lab – Downtown Austin', address: '410 Congress Ave', city: 'Austin', state: 'TX', zipCode: '78701' }),
    ).toBe('Partner Lab – Downtown Austin, 410 Congress Ave, Austin, TX 78701');
  });
});
