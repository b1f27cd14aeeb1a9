import { describe, expect, it } from 'vitest';
import { prefetchAllowed } from './prefetch';

describe('prefetchAllowed', () => {
  it('prefetches when the browser says nothing about the connection', () => {
    expect(prefetchAllowed(undefined)).toBe(true);
    expect(prefetchAllowed({})).toBe(true);
  });

  it('prefetches on 3g and 4g', () => {
    expect(prefetchAllowed({ effectiveType: '4g' })).toBe(true);
    expect(prefetchAllowed({ effectiveType: '3g', saveData: false })).toBe(true);
  });

  it('never prefetches on 2g or slow-2g', () => {
    expect(prefetchAllowed({ effectiveType: '2g' })).toBe(false);
    expect(prefetchAllowed({ effectiveType: 'slow-2g' })).toBe(false);
  });

  it('never prefetches with data saver on, whatever the speed', () => {
    expect(prefetchAllowed({ effectiveType: '4g', saveData: true })).toBe(false);
  });
});
