import { customerNextStep, kitNotice, kitStatusLabels, type KitStatus, type NextStepContext, type OrderStatus } from '@shop/core';
import { z } from 'zod';
import type { KitRow, OrderRow } from './lifecycle-repository.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;

export const kitViewSchema = z.object({
  kitSlug: z.string(),
  title: z.string(),
  status: z.string(),
  statusLabel: z.string(),
  trackingNumber: z.string().nullable(),
  shippedAt: z.string().nullable(),
  registeredAt: z.string().nullable(),
  sampleReceivedAt: z.string().nullable(),
  resultsAt: z.string().nullable(),
  /** when the member said the sample is in the post */
  sampleSentAt: z.string().nullable(),
  /** why the kit was replaced (or handed to a clinician, or refunded) and what happens now, in the member's words; null when it never failed */
  notice: z.string().nullable(),
});

export const nextStepSchema = z.object({
  kind: z.string(),
  text: z.string(),
  href: z.string().nullable(),
  /** the words of the link to `href`, when the step names them */
  label: z.string().optional(),
});

/** A kit as its customer sees it: never its code, which only the kit in hand proves. */
export function kitView(kit: KitRow) {
  return {
    kitSlug: kit.kitSlug,
    title: kit.title,
    status: kit.status,
    statusLabel: kitStatusLabels[kit.status as KitStatus] ?? kit.status,
    trackingNumber: kit.trackingNumber,
    shippedAt: iso(kit.shippedAt),
    registeredAt: iso(kit.registeredAt),
    sampleReceivedAt: iso(kit.sampleReceivedAt),
    resultsAt: iso(kit.resultsAt),
    sampleSentAt: iso(kit.sampleSentAt),
    notice: kitNotice({ status: kit.status as KitStatus, replacements: kit.replacements, lastFailure: kit.lastFailure }),
  };
}

export function nextStepOf(
  order: OrderRow,
  kits: readonly KitRow[],
  items: ReadonlyArray<{ productCode: string }>,
  context: NextStepContext = {},
) {
  return customerNextStep(
    order.id,
    order.status as OrderStatus,
    kits.map((kit) => kit.status as KitStatus),
    items.map((item) => item.productCode),
    context,
  );
}
