import { describe, expect, it } from 'vitest';
import { foodCategories } from './foods.ts';
import { buildPlan } from './plan.ts';
import { shoppingListText, weeklyShoppingLists, type ShoppingList } from './shopping-list.ts';
import { resultOf } from './test-results.ts';

const plan = buildPlan({ results: [resultOf('ferritin', 9), resultOf('ldl', 142), resultOf('vitamin-d', 18)] });
const foodsOf = (list: ShoppingList) => list.groups.flatMap((group) => group.items.map((item) => item.id));

describe('the weekly shopping lists', () => {
  it('cover the program’s eight weeks by default, numbered from 1', () => {
    const lists = weeklyShoppingLists(plan);
    expect(lists.map((list) => list.week)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(weeklyShoppingLists(plan, 3)).toEqual(lists.slice(0, 3));
    expect(() => weeklyShoppingLists(plan, 0)).toThrow(RangeError);
    expect(() => weeklyShoppingLists(plan, 1.5)).toThrow(RangeError);
  });

  it('hold only favoured foods, grouped in the aisles’ order and by name within each', () => {
    const favoured = new Map(plan.favour.map((food) => [food.id, food]));
    for (const list of weeklyShoppingLists(plan)) {
      const categories = list.groups.map((group) => group.category);
      expect(categories).toEqual(foodCategories.filter((category) => categories.includes(category)));
      for (const group of list.groups) {
        expect(group.items.length).toBeGreaterThan(0);
        expect(group.items.every((item) => item.category === group.category)).toBe(true);
        const names = group.items.map((item) => item.name);
        expect(names).toEqual([...names].sort());
        for (const item of group.items) expect(item).toEqual(favoured.get(item.id));
      }
    }
    expect(weeklyShoppingLists(plan)[0]!.groups[0]).toMatchObject({ category: 'produce', label: 'Produce' });
  });

  it('differ from week to week, and keep each favoured food on at least two lists in any three weeks', () => {
    for (let size = 0; size <= plan.favour.length; size += 1) {
      const lists = weeklyShoppingLists({ ...plan, favour: plan.favour.slice(0, size) }, 12).map((list) => new Set(foodsOf(list)));
      for (const [index, foods] of lists.entries()) {
        expect(foods.size).toBe(Math.ceil((size * 2) / 3));
        const next = lists[index + 1];
        if (next && size >= 3) expect([...next]).not.toEqual([...foods]);
      }
      for (const food of plan.favour.slice(0, size)) {
        const onList = lists.map((foods) => foods.has(food.id));
        for (let week = 0; week + 2 < onList.length; week += 1) {
          expect(onList.slice(week, week + 3).filter(Boolean).length, `${food.id}, ${size} foods, week ${week + 1}`).toBeGreaterThanOrEqual(
            2,
          );
        }
      }
    }
  });

  it('are the same every time for the same plan', () => {
    const again = buildPlan({ results: [resultOf('vitamin-d', 18), resultOf('ldl', 142), resultOf('ferritin', 9)] });
    expect(weeklyShoppingLists(again)).toEqual(weeklyShoppingLists(plan));
  });

  it('print as plain text', () => {
    const small = { ...plan, favour: plan.favour.filter((food) => ['oats', 'salmon', 'spinach', 'kiwi'].includes(food.id)) };
    const [week1, week2] = weeklyShoppingLists(small, 2);
    expect(shoppingListText(week1!)).toBe('Week 1 shopping list\n\nProduce\n- Spinach\n\nProtein\n- Salmon\n\nGrains & bread\n- Oats\n');
    expect(shoppingListText(week2!)).toBe('Week 2 shopping list\n\nProduce\n- Kiwi fruit\n- Spinach\n\nProtein\n- Salmon\n');
    expect(shoppingListText(weeklyShoppingLists({ ...plan, favour: [] }, 1)[0]!)).toBe(
      'Week 1 shopping list\n\nNothing to buy this week.\n',
    );
  });
});
