import { describe, expect, it } from 'vitest';
import { backoffMs } from './worker.ts';

describe('the wait before a failed job runs again', () => {
  it('doubles from 10 seconds and stops growing at an hour', () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([10_000, 20_000, 40_000, 80_000]);
    expect(backoffMs(20)).toBe(3_600_000);
  });
});
