import { describe, expect, it } from 'vitest';
import { orderedByLine, releaseRuleOf, releasesAtOnce } from './results-release.ts';

describe('the release of a clinic’s results', () => {
  it('goes out at once automatically, never under review_all, and under review_out_of_range only when every value is normal', () => {
    expect(releasesAtOnce('automatic', ['high'])).toBe(true);
    expect(releasesAtOnce('review_all', ['normal'])).toBe(false);
    expect(releasesAtOnce('review_out_of_range', ['normal', 'normal'])).toBe(true);
    expect(releasesAtOnce('review_out_of_range', ['normal', 'low'])).toBe(false);
  });

  it('is automatic for a clinic of before the rule', () => {
    expect(releaseRuleOf({})).toBe('automatic');
    expect(releaseRuleOf({ resultsRelease: 'review_all' })).toBe('review_all');
  });

  it('names who ordered, or the clinic alone once they have left', () => {
    expect(orderedByLine({ practitioner: 'Dr. Maya Patel', clinic: 'Green Valley Clinic' })).toBe(
      'Ordered by Dr. Maya Patel — Green Valley Clinic',
    );
    expect(orderedByLine({ practitioner: null, clinic: 'Green Valley Clinic' })).toBe('Ordered by Green Valley Clinic');
  });
});
