import { describe, expect, it } from 'vitest';
import { shoppingListEmailSchema, shoppingListMessages } from './shopping-list-email.ts';

describe('the week of a shopping list to e-mail', () => {
  it('is one of the program’s eight weeks', () => {
    for (const week of [1, 4, 8]) expect(shoppingListEmailSchema.parse({ week })).toEqual({ week });
  });

  it('refuses any other, with the same message', () => {
    for (const input of [{ week: 0 }, { week: 9 }, { week: 2.5 }, { week: '2' }, { week: Number.NaN }, {}]) {
      const parsed = shoppingListEmailSchema.safeParse(input);
      expect(parsed.success, JSON.stringify(input)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(shoppingListMessages.week);
    }
    expect(shoppingListEmailSchema.safeParse({ week: 1, to: 'someone@example.com' }).success).toBe(false);
  });
});
