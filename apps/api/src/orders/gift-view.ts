import { eq } from 'drizzle-orm';
import { formatGiftDay } from '@shop/core';
import { gifts, type Executor, type GiftRow } from '@shop/db';
import { z } from 'zod';

// An order's gift, as the order shows it: the gift it paid for, or the gift it was redeemed from.

export type { GiftRow };

export async function findGiftOfOrder(db: Executor, orderId: string): Promise<GiftRow | undefined> {
  const [row] = await db.select().from(gifts).where(eq(gifts.orderId, orderId));
  return row;
}

export async function findGiftRedeemedBy(db: Executor, orderId: string): Promise<GiftRow | undefined> {
  const [row] = await db.select().from(gifts).where(eq(gifts.redeemedOrderId, orderId));
  return row;
}

const statusLabels: Record<string, string> = {
  scheduled: 'Scheduled',
  delivered: 'Delivered',
  redeemed: 'Redeemed',
  cancelled: 'Cancelled',
};

export const orderGiftSchema = z.object({
  type: z.string(),
  recipientName: z.string(),
  recipientEmail: z.string(),
  deliverOn: z.string(),
  deliveryDate: z.string(),
  status: z.string(),
  statusLabel: z.string(),
  deliveredAt: z.string().nullable(),
  redeemedAt: z.string().nullable(),
});

/** An order's gift as its purchaser and the console see it: never its code, which only the recipient holds. */
export function orderGiftView(gift: GiftRow): z.infer<typeof orderGiftSchema> {
  return {
    type: gift.type,
    recipientName: gift.recipientName,
    recipientEmail: gift.recipientEmail,
    deliverOn: gift.deliverOn,
    deliveryDate: formatGiftDay(gift.deliverOn),
    status: gift.status,
    statusLabel: statusLabels[gift.status] ?? gift.status,
    deliveredAt: gift.deliveredAt?.toISOString() ?? null,
    redeemedAt: gift.redeemedAt?.toISOString() ?? null,
  };
}

/** What the purchaser of an order that is only a gift waits for: its delivery, then its redemption. */
export function giftNextStep(gift: GiftRow) {
  const text =
    gift.status === 'scheduled'
      ? `Your gift for ${gift.recipientName} is e-mailed to them on ${formatGiftDay(gift.deliverOn)}.`
      : gift.status === 'cancelled'
        ? 'This gift was cancelled.'
        : `Your gift was e-mailed to ${gift.recipientName}. We let you know when they redeem it.`;
  return { kind: 'none' as const, text, href: null };
}
