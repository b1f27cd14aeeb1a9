import { describe, expect, it } from 'vitest';
import { timeOrderedId } from './time-ordered-id.ts';

describe('timeOrderedId', () => {
  it('is a UUID of version 7 and the RFC variant, carrying its millisecond', () => {
    const at = Date.UTC(2026, 11, 2, 17, 40, 0, 123);
    const id = timeOrderedId(at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at);
  });

  it('sorts by time, and differs within one millisecond', () => {
    const ids = [timeOrderedId(1_000), timeOrderedId(2_000), timeOrderedId(3_000)];
    expect([...ids].sort()).toEqual(ids);
    const same = new Set(Array.from({ length: 1000 }, () => timeOrderedId(5_000)));
    expect(same.size).toBe(1000);
  });
});
