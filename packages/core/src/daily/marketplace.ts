import { getProduct, type ProductCode } from '../catalog/products.ts';
import { tests, type LabTest } from '../catalog/tests.ts';
import { findGoal, type GoalSlug } from '../catalog/goals.ts';
import type { Cents } from '../money/money.ts';
import type { FoodItem, ImprovementPlan, PlanSource, Sourced, SupplementItem } from '../programs/plan-types.ts';
import { outOfRangeHeadline } from '../programs/guidance/index.ts';
import { baseDailyDiscounts } from '../promotions/base-daily.ts';

/**
 * Base Daily's products marketplace (specification §1: "products marketplace"), chosen for the
 * member's plan by the same rules engine as their meals. What the shop can deliver is sold through
 * its own cart: the tests, with the member's 5% off where it applies. Foods and supplements are
 * shown, not sold: the shop ships no food or supplement, and a supplement is something to put to
 * the member's own clinician (decision record 0084). No partner receives anything about the member.
 */
export interface MarketplaceTest {
  productCode: ProductCode;
  /** the starter test's lab test, when the product is the starter test */
  testId: number | null;
  title: string;
  priceCents: Cents;
  /** what the member pays with Base Daily's 5% off: the cart takes the same amount off */
  memberPriceCents: Cents;
  /** why it is offered, in the member's own terms: "Measures your ferritin again (it was below range)." */
  why: string;
}

export interface MarketplaceFood extends FoodItem {
  why: string;
}

export interface MarketplaceSupplement extends SupplementItem {
  why: string;
}

export interface Marketplace {
  tests: MarketplaceTest[];
  foods: MarketplaceFood[];
  supplements: MarketplaceSupplement[];
}

export interface MarketplaceInput {
  plan: ImprovementPlan;
  goal: GoalSlug | null;
}

/** At most this many foods: the rest are in the member's meals. */
export const MARKETPLACE_FOOD_LIMIT = 8;

/** Tests the marketplace offers for a goal beyond its starter test (a food reaction behind bloating). */
const goalExtras: Partial<Record<GoalSlug, readonly ProductCode[]>> = {
  bloating: ['food-sensitivity', 'food-allergy'],
};

/** What the member pays for one of this product with Base Daily: the cart's own rule, on a line of one. */
export function memberPriceOf(productCode: ProductCode): Cents {
  const product = getProduct(productCode);
  const [off = 0] = baseDailyDiscounts(
    [{ productCode, title: product.title, lineTotalCents: product.priceCents, charge: 'now', quantity: 1 }],
    [0],
  );
  return product.priceCents - off;
}

function offer(productCode: ProductCode, test: LabTest | null, why: string): MarketplaceTest {
  const product = getProduct(productCode);
  return {
    productCode,
    testId: test?.id ?? null,
    title: test ? test.title : product.title,
    priceCents: product.priceCents,
    memberPriceCents: memberPriceOf(productCode),
    why,
  };
}

function reasonOf(source: PlanSource): string {
  switch (source.kind) {
    case 'biomarker':
      return `${outOfRangeHeadline(source.biomarker, source.flag)}.`;
    case 'goal':
      return `For your goal: ${findGoal(source.goal)?.name.toLowerCase() ?? source.goal}.`;
    case 'area':
      return 'For the area your goal belongs to.';
    case 'general':
      return 'Part of balanced everyday eating.';
  }
}

/** why an item is there: the first of its reasons, in the plan's order (a result before the goal) */
const firstReason = (item: Sourced<unknown>) => reasonOf(item.from[0]!);

/**
 * The member's marketplace: a test that measures again each result outside its range, the
 * starter test of their goal (and what else looks into it), the foods their plan favours and the
 * supplements it suggests talking about. Pure: the same plan gives the same marketplace.
 */
export function marketplaceFor(input: MarketplaceInput): Marketplace {
  const offered = new Map<string, MarketplaceTest>();
  const add = (item: MarketplaceTest) => {
    const key = `${item.productCode}:${item.testId ?? ''}`;
    if (!offered.has(key)) offered.set(key, item);
  };

  for (const section of input.plan.sections) {
    const test = tests.find((candidate) => candidate.biomarkers.some((biomarker) => biomarker.slug === section.biomarker));
    if (!test) continue;
    add(
      offer(
        'base-quiz',
        test,
        `${outOfRangeHeadline(section.biomarker, section.flag)}: this test measures it again, to see what your changes did.`,
      ),
    );
  }
  const goal = input.goal ? findGoal(input.goal) : undefined;
  if (goal) {
    const test = tests.find((candidate) => candidate.id === goal.starterTestId);
    if (test) add(offer('base-quiz', test, `The starter test for your goal: ${goal.name.toLowerCase()}.`));
    for (const productCode of goalExtras[goal.slug] ?? [])
      add(offer(productCode, null, `Looks for foods behind ${goal.name.toLowerCase()}.`));
  }

  return {
    tests: [...offered.values()],
    foods: input.plan.favour.slice(0, MARKETPLACE_FOOD_LIMIT).map((food) => ({
      id: food.id,
      name: food.name,
      category: food.category,
      why: firstReason(food),
    })),
    supplements: input.plan.supplements.map((supplement) => ({
      id: supplement.id,
      name: supplement.name,
      note: supplement.note,
      why: firstReason(supplement),
    })),
  };
}
