import { describe, expect, it } from 'vitest';
import {
  collectConsentRefusal,
  healthDataConsentKinds,
  healthDataConsentTexts,
  healthDataTextOfVersion,
  isHealthDataConsentKind,
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
});
