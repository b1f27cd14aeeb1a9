import { z } from 'zod';
import { NUTRITIONAL_PLAN_REVIEW_HOURS } from '../catalog/constants.ts';

const HOUR_MS = 60 * 60 * 1000;

/** When a review is due: the promised hours after the first file arrived. */
export function labReviewDueAt(submittedAt: Date): Date {
  return new Date(submittedAt.getTime() + NUTRITIONAL_PLAN_REVIEW_HOURS * HOUR_MS);
}

export type LabReviewClock =
  { state: 'delivered'; onTime: boolean } | { state: 'due'; hoursLeft: number } | { state: 'late'; hoursLate: number };

/**
 * Where a review stands against its clock, as the console shows it: delivered (on time or not),
 * due in so many hours (rounded down, 0 in its last hour), or late by so many (rounded up: one
 * minute late is late).
 */
export function labReviewClock(dueAt: Date, deliveredAt: Date | null, now: Date): LabReviewClock {
  if (deliveredAt) return { state: 'delivered', onTime: deliveredAt.getTime() <= dueAt.getTime() };
  const left = dueAt.getTime() - now.getTime();
  if (left >= 0) return { state: 'due', hoursLeft: Math.floor(left / HOUR_MS) };
  return { state: 'late', hoursLate: Math.ceil(-left / HOUR_MS) };
}

export function labReviewClockText(clock: LabReviewClock): string {
  switch (clock.state) {
    case 'delivered':
      return clock.onTime ? 'Sent on time' : 'Sent late';
    case 'due':
      return clock.hoursLeft === 0 ? 'Due within the hour' : `Due in ${clock.hoursLeft} h`;
    case 'late':
      return `Late by ${clock.hoursLate} h`;
  }
}

const MAX_ITEMS = 30;
const MAX_ITEM = 200;

const summary = z
  .string()
  .trim()
  .min(20, { error: 'Please say what the results mean in a few sentences.' })
  .max(4000, { error: 'Please keep the summary under 4,000 characters.' });
const items = (label: string) =>
  z
    .array(
      z
        .string()
        .trim()
        .min(1)
        .max(MAX_ITEM, { error: `${label}: please keep each line under ${MAX_ITEM} characters.` }),
    )
    .max(MAX_ITEMS, { error: `${label}: please keep it to ${MAX_ITEMS} lines.` });

/**
 * The plan a nutritionist writes from a member's labs: what the results say in plain words, the
 * foods to eat more and less of, meal ideas and a shopping list (the offer's FAQ promises each).
 */
export const labPlanSchema = z.strictObject({
  summary,
  eatMore: items('Foods to eat more of').min(1, { error: 'Please name at least one food to eat more of.' }),
  eatLess: items('Foods to eat less of'),
  meals: items('Meal ideas'),
  shopping: items('Shopping list'),
});
export type LabPlan = z.infer<typeof labPlanSchema>;

/** Text typed one item per line, as the console's form has it: trimmed, bullets and empty lines dropped. */
export function linesOf(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) =>
      line
        .trim()
        .replace(/^[-•*]\s*/, '')
        .trim(),
    )
    .filter((line) => line !== '');
}

/** The console's form: each list typed one item per line, read into the plan the API takes. */
export const labPlanFormSchema = z
  .object({
    summary: z.string().max(8000),
    eatMore: z.string().max(20_000),
    eatLess: z.string().max(20_000),
    meals: z.string().max(20_000),
    shopping: z.string().max(20_000),
  })
  .transform((form) => ({
    summary: form.summary,
    eatMore: linesOf(form.eatMore),
    eatLess: linesOf(form.eatLess),
    meals: linesOf(form.meals),
    shopping: linesOf(form.shopping),
  }))
  .pipe(labPlanSchema);

/** The plan's lists, in the order the member reads them, with their headings. */
export const labPlanSections = [
  { key: 'eatMore', title: 'Foods to eat more of' },
  { key: 'eatLess', title: 'Foods to eat less of' },
  { key: 'meals', title: 'Meal ideas' },
  { key: 'shopping', title: 'Shopping list' },
] as const satisfies ReadonlyArray<{ key: Exclude<keyof LabPlan, 'summary'>; title: string }>;
