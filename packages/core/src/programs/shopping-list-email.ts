import { z } from 'zod';
import { PROGRAM_WEEKS } from './shopping-list.ts';

export const shoppingListMessages = {
  week: `Choose a week of your program, from 1 to ${PROGRAM_WEEKS}.`,
} as const;

/** "E-mail me this list": the week, as the list's page sends it and the API takes it. */
export const shoppingListEmailSchema = z.strictObject({
  week: z
    .number({ error: shoppingListMessages.week })
    .int({ error: shoppingListMessages.week })
    .min(1, { error: shoppingListMessages.week })
    .max(PROGRAM_WEEKS, { error: shoppingListMessages.week }),
});
export type ShoppingListEmailInput = z.infer<typeof shoppingListEmailSchema>;
