import { foodCategories, foodCategoryLabels, type FoodCategory } from './foods.ts';
import type { FoodItem, ImprovementPlan, Sourced } from './plan-types.ts';

export interface ShoppingListGroup {
  category: FoodCategory;
  label: string;
  items: Sourced<FoodItem>[];
}

export interface ShoppingList {
  /** counted from 1 */
  week: number;
  /** the categories with something in them, in the order of the shop's aisles */
  groups: ShoppingListGroup[];
}

/** The program's two months (PROGRAM_LENGTH_MONTHS), as eight weekly lists. */
export const PROGRAM_WEEKS = 8;

/**
 * Each week buys about two thirds of the plan's favoured foods: a window that slides round the
 * list by the third it leaves out. The weeks differ (once there are three foods or more), and
 * since the parts left out of consecutive weeks follow on from each other without overlapping, a
 * food is missing at most one week in any three, never two weeks running.
 */
function weekFoods<Item>(favour: readonly Item[], weekIndex: number): Item[] {
  const count = favour.length;
  const kept = Math.ceil((count * 2) / 3);
  const step = count - kept;
  const start = count === 0 ? 0 : (weekIndex * step) % count;
  return Array.from({ length: kept }, (_, offset) => favour[(start + offset) % count]!);
}

// Plain code-unit order rather than localeCompare, whose result depends on the runtime's locale.
const byName = (a: FoodItem, b: FoodItem) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

function grouped(items: Sourced<FoodItem>[]): ShoppingListGroup[] {
  return foodCategories
    .map((category) => ({
      category,
      label: foodCategoryLabels[category],
      items: items.filter((item) => item.category === category).sort(byName),
    }))
    .filter((group) => group.items.length > 0);
}

// each week gets its own objects, so a caller that edits one week does not edit the others
const copy = (item: Sourced<FoodItem>): Sourced<FoodItem> => ({ ...item, from: [...item.from] });

/** The plan's favoured foods as a shopping list for each week, grouped by category. */
export function weeklyShoppingLists(plan: ImprovementPlan, weeks = PROGRAM_WEEKS): ShoppingList[] {
  if (!Number.isInteger(weeks) || weeks < 1) throw new RangeError(`weeks must be a whole number of 1 or more, not ${weeks}`);
  return Array.from({ length: weeks }, (_, index) => ({
    week: index + 1,
    groups: grouped(weekFoods(plan.favour, index).map(copy)),
  }));
}

/** A list as plain text, for printing or an e-mail. */
export function shoppingListText(list: ShoppingList): string {
  const heading = `Week ${list.week} shopping list`;
  if (list.groups.length === 0) return `${heading}\n\nNothing to buy this week.\n`;
  const groups = list.groups.map((group) => [group.label, ...group.items.map((item) => `- ${item.name}`)].join('\n'));
  return `${heading}\n\n${groups.join('\n\n')}\n`;
}
