import { applyCodeSchema, formatMoney, normalizeCode } from '@shop/core';
import { carts } from '@shop/db';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cartCookie } from './cookie.ts';
import { listCartItems } from './repository.ts';
import { findOpenCart } from './service.ts';
import { toCartLine } from './view.ts';
import { AppError } from '../errors.ts';
import { limits, rateLimited } from '../rate-limit/limiter.ts';
import { errorResponses } from '../schemas.ts';
import { readAttribution } from '../promotions/attribution.ts';
import { priceWithDiscounts, typedCodeRefusal } from '../promotions/service.ts';

const discountsSchema = z.object({
  couponCode: z.string().nullable(),
  applied: z.array(z.object({ source: z.string(), code: z.string().nullable(), label: z.string(), discount: z.string() })),
  discount: z.string(),
  total: z.string(),
});

/** The discount code of the cart: apply one (checked at once, and again when the order is placed), or remove it. */
export const promotionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/cart/coupon',
    {
      schema: {
        tags: ['cart'],
        summary: 'Apply a discount code to the cart',
        body: applyCodeSchema,
        response: { 200: discountsSchema, ...errorResponses },
      },
      // codes are guessable one by one: limited like a form
      preHandler: rateLimited({ limit: limits.discountCodesPerAddress, by: 'address' }),
    },
    async (request) => {
      const user = await request.currentUser();
      const cart = await findOpenCart(app.db, cartCookie.read(request), user?.id ?? null);
      if (!cart) throw new AppError(409, 'CART_EMPTY', 'Your cart is empty. Add a test before applying a discount code.');
      const code = normalizeCode(request.body.code);
      const priced = await price(cart.id, code, user, readAttribution(request));
      const refusal = typedCodeRefusal(priced);
      if (refusal) throw new AppError(400, refusal.code, refusal.message);
      await app.db.update(carts).set({ couponCode: code, updatedAt: new Date() }).where(eq(carts.id, cart.id));
      return view(code, priced.totals);
    },
  );

  app.delete(
    '/cart/coupon',
    {
      schema: { tags: ['cart'], summary: 'Remove the discount code from the cart', response: { 200: discountsSchema, ...errorResponses } },
    },
    async (request) => {
      const user = await request.currentUser();
      const cart = await findOpenCart(app.db, cartCookie.read(request), user?.id ?? null);
      if (!cart) throw new AppError(409, 'CART_EMPTY', 'Your cart is empty.');
      await app.db.update(carts).set({ couponCode: null, updatedAt: new Date() }).where(eq(carts.id, cart.id));
      return view(null, (await price(cart.id, null, user, readAttribution(request))).totals);
    },
  );

  async function price(cartId: string, couponCode: string | null, user: { id: string; email: string } | null, attribution: string | null) {
    const items = await listCartItems(app.db, cartId);
    return priceWithDiscounts(app.db, {
      lines: items.map(toCartLine),
      couponCode,
      attribution,
      customer: { id: user?.id ?? null, email: user?.email ?? null },
    });
  }
};

function view(
  couponCode: string | null,
  totals: {
    applied?: { source: string; code: string | null; label: string; discountCents: number }[];
    discountCents: number;
    totalCents: number;
  },
) {
  return {
    couponCode,
    applied: (totals.applied ?? []).map((applied) => ({
      source: applied.source,
      code: applied.code,
      label: applied.label,
      discount: formatMoney(applied.discountCents),
    })),
    discount: formatMoney(totals.discountCents),
    total: formatMoney(totals.totalCents),
  };
}
