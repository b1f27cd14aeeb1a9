import { describe, expect, it } from 'vitest';
import { foodLogEntrySchema, foodLogMessages, isLoggableDay } from './food-log.ts';

describe('the food log', () => {
  it('takes today and the last 30 days, nothing later or earlier, and only real days', () => {
    expect(isLoggableDay('2026-11-27', '2026-11-27')).toBe(true);
    expect(isLoggableDay('2026-10-28', '2026-11-27')).toBe(true);
    expect(isLoggableDay('2026-10-27', '2026-11-27')).toBe(false);
    expect(isLoggableDay('2026-11-28', '2026-11-27')).toBe(false);
    expect(isLoggableDay('2026-02-30', '2026-03-01')).toBe(false);
    expect(isLoggableDay('27/11/2026', '2026-11-27')).toBe(false);
    // across a year's end
    expect(isLoggableDay('2026-12-15', '2027-01-10')).toBe(true);
  });

  it('checks a meal with the shop’s words, and trims what was eaten', () => {
    expect(foodLogEntrySchema.parse({ day: '2026-11-27', meal: 'lunch', food: '  Lentil soup ' })).toEqual({
      day: '2026-11-27',
      meal: 'lunch',
      food: 'Lentil soup',
    });
    const refused = foodLogEntrySchema.safeParse({ day: 'today', meal: 'brunch', food: ' ' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['day', foodLogMessages.day],
      ['meal', foodLogMessages.meal],
      ['food', foodLogMessages.food],
    ]);
    expect(foodLogEntrySchema.safeParse({ day: '2026-11-27', meal: 'lunch', food: 'x'.repeat(201) }).success).toBe(false);
  });
});
