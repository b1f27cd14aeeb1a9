import { describe, expect, it } from 'vitest';
import {
  collectConsentRefusal,
  healthDataConsentKinds,
  healthDataConsentTexts,
  healthDataTextOfVersion,
  isHealthDataConsentKind,
  isShareConsentKind,
  shareConsentFields,
  shareConsentKinds,
  shareConsentRefusal,
  wordsFingerprint,
} from './health-data.ts';

describe('the consents about health data', () => {
  it('version each text by its words: a changed word is a new version', () => {
    const collect = healthDataConsentTexts.collect_health_data;
    expect(collect.version).toBe(`collect-health-data-${wordsFingerprint(collect.text)}`);
    expect(wordsFingerprint(`${collect.text} `)).not.toBe(wordsFingerprint(collect.text));
    expect(healthDataTextOfVersion(collect.version)).toBe(collect.text);
    expect(healthDataTextOfVersion('collect-health-data-00000000')).toBeUndefined();
  });

  it('say what is collected, why, that it is not sold nor used for ads, and that it can be withdrawn', () => {
    const { text } = healthDataConsentTexts.collect_health_data;
    for (const words of ['quiz answers', 'medical profile', 'test results', 'does not sell', 'advertising', 'withdraw'])
      expect(text).toContain(words);
  });

  it('know their kinds, and refuse in words a person can act on', () => {
    expect(healthDataConsentKinds.every(isHealthDataConsentKind)).toBe(true);
    expect(isHealthDataConsentKind('keep_card')).toBe(false);
    expect(collectConsentRefusal).toBe(
      'Please agree to Base collecting your health data before you start. Nothing you entered was saved. (Missing consent: collect_health_data.)',
    );
  });

  it('ask the consents to share apart from the consent to collect, each versioned by its own words', () => {
    expect(shareConsentKinds).toEqual(['share_with_clinic', 'share_with_employer']);
    expect(shareConsentKinds.every(isHealthDataConsentKind)).toBe(true);
    expect(isShareConsentKind('collect_health_data')).toBe(false);
    const versions = new Set(Object.values(healthDataConsentTexts).map((text) => text.version));
    expect(versions.size).toBe(3);
    for (const kind of shareConsentKinds) {
      const words = healthDataConsentTexts[kind];
      expect(words.version).toBe(`${kind.replaceAll('_', '-')}-${wordsFingerprint(words.text)}`);
      expect(healthDataTextOfVersion(words.version)).toBe(words.text);
      // the words of one never stand in for another's
      expect(words.text).not.toBe(healthDataConsentTexts.collect_health_data.text);
    }
    // each has a checkbox of its own
    expect(new Set(Object.values(shareConsentFields)).size).toBe(shareConsentKinds.length);
  });

  it('say what the clinic is shared, that it is that clinic alone, and that it can be withdrawn', () => {
    const { text, withdrawal } = healthDataConsentTexts.share_with_clinic;
    // what is shared: the results, and each stage the clinic's dashboard and webhooks show
    for (const words of ['test results', 'paid', 'kit shipped', 'lab visit', 'sample received', 'released to me', 'refunded'])
      expect(text).toContain(words);
    // with whom, and nobody else
    expect(text).toContain('the clinic that ordered these tests for me');
    expect(text).toContain('shares nothing else of my health data with the clinic');
    expect(text).toContain('I can withdraw this consent at any time from my account');
    expect(withdrawal).toContain('“Consent withdrawn”');
  });

  it('say what the employer learns: counted, never by name, never under 5, never results; and that it can be withdrawn', () => {
    const { text, withdrawal } = healthDataConsentTexts.share_with_employer;
    expect(text).toContain('that I used its cover');
    for (const words of ['employees enrolled', 'codes used', 'tests ordered', 'kits sent back', 'results ready', 'programs started'])
      expect(text).toContain(words);
    expect(text).toContain('never by name');
    expect(text).toContain('no number below 5');
    expect(text).toContain('never tells my employer my answers, my results or which test I took');
    expect(text).toContain('I can withdraw this consent at any time from my account');
    expect(withdrawal).toContain('no longer count in them');
  });

  it('name the laws that ask for each consent, and refuse an order without a consent to share by its kind', () => {
    for (const kind of healthDataConsentKinds)
      expect(healthDataConsentTexts[kind].sources.some((source) => source.startsWith('RCW 19.373.030'))).toBe(true);
    expect(shareConsentRefusal('share_with_clinic')).toBe(
      'Please agree to Base sharing your results and your order’s progress with the clinic that ordered your tests. Nothing was ordered or charged. (Missing consent: share_with_clinic.)',
    );
    expect(shareConsentRefusal('share_with_employer')).toMatch(/\(Missing consent: share_with_employer\.\)$/);
  });
});
