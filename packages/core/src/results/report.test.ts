import { describe, expect, it } from 'vitest';
import { CLIA_NUMBER, collectedAtOf, homeKitLaboratory, homeKitLaboratoryLine, partnerLabLine } from './report.ts';

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

  it('names the home kits’ laboratory with its address and CLIA number once the shop has named it', () => {
    const lab = { name: 'Lone Star Clinical Laboratory', address: '100 Lab Way, Austin, TX 78701', clia: '45D1234567' };
    expect(homeKitLaboratoryLine(lab)).toBe(
      'Lone Star Clinical Laboratory, 100 Lab Way, Austin, TX 78701, CLIA 45D1234567 (sample from a home collection kit)',
    );
    expect(homeKitLaboratoryLine(null)).toBe(homeKitLaboratory);
  });

  it('takes a CLIA number of two digits, D and seven digits, and nothing else', () => {
    expect(['45D1234567', '05D0000000'].every((value) => CLIA_NUMBER.test(value))).toBe(true);
    expect(['45d1234567', '45D123456', '45D12345678', '451234567D', ' 45D1234567'].some((value) => CLIA_NUMBER.test(value))).toBe(false);
  });
});
