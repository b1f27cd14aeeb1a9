import {
  dayOf,
  findTest,
  formatMoney,
  getProduct,
  PROGRAM_GUARANTEE_TERMS,
  programHasRun,
  programTimeline,
  thirdTestOf,
  type OrderStatus,
} from '@shop/core';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { orders, type Executor } from '@shop/db';
import { orderItemsOf } from '../orders/lifecycle-repository.ts';
import { programActivatedAt } from './plan-repository.ts';

/** The states of a program order that may have reached its end: running, or completed. */
const programStatuses = ['program_active', 'retests', 'completed'] as const;

export interface ThirdTestOffer {
  order: { id: string; number: number };
  productCode: 'base-quiz' | 'base-complete';
  testId: number | null;
  title: string;
  price: string;
  priceCents: number;
  /** the specification's terms, word for word */
  guarantee: string;
}

/**
 * The 3rd test offered to a member at the end of their Improvement Program (from its week 8, or
 * once the order is completed): their starter test again, at its price in the catalog (the
 * specification names no other), bought as a test beside the rest. Null before the end, or
 * without a program. Reads no results: only the order's lines and its timeline.
 */
export async function thirdTestOffer(db: Executor, userId: string, now = new Date()): Promise<ThirdTestOffer | null> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.status, [...programStatuses])))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  if (!order) return null;
  const status = order.status as OrderStatus;
  const [items, activatedAt] = await Promise.all([orderItemsOf(db, order.id), programActivatedAt(db, order.id)]);
  const timeline = programTimeline(dayOf(activatedAt ?? order.updatedAt), dayOf(now));
  if (!programHasRun(status, timeline)) return null;
  const test = thirdTestOf(items);
  if (!test) return null;
  const product = getProduct(test.productCode);
  const title = test.testId !== null ? (findTest(test.testId)?.title ?? product.title) : product.title;
  return {
    order: { id: order.id, number: order.number },
    productCode: test.productCode,
    testId: test.testId,
    title,
    price: formatMoney(product.priceCents),
    priceCents: product.priceCents,
    guarantee: PROGRAM_GUARANTEE_TERMS,
  };
}
