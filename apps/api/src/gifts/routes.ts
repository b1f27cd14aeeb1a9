import { giftDeliverySchema, giftTypes } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cartCookie } from '../cart/cookie.ts';
import { cartSchema, viewerOf } from '../cart/routes.ts';
import { findOpenCart, viewCart } from '../cart/service.ts';
import { errorResponses } from '../schemas.ts';
import { chooseGift, findCartGiftView, saveGiftDelivery } from './cart-gift.ts';

const giftContentsSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('areas'), areas: z.array(z.string()) }),
  z.object({ kind: z.literal('complete') }),
]);

export const cartGiftSchema = z.object({
  type: z.enum(giftTypes),
  title: z.string(),
  contents: giftContentsSchema,
  delivery: z
    .object({
      purchaserName: z.string(),
      purchaserEmail: z.string(),
      recipientName: z.string(),
      recipientEmail: z.string(),
      deliveryDate: z.string(),
      message: z.string(),
    })
    .nullable(),
});

// the rules (§5) are core's and carry its messages; the schema only bounds what is read
const giftChoiceBody = z.strictObject({
  type: z.enum(giftTypes, { error: 'Please choose a gift: one_off or improvement_program' }),
  areas: z.array(z.string().max(32)).max(20).default([]),
  complete: z.boolean({ error: 'complete must be true or false' }).default(false),
});

/** The gift being bought, kept with the cart: what it holds, then who it is for and when. */
export const cartGiftRoutes: FastifyPluginAsyncZod = async (app) => {
  const secure = app.config.NODE_ENV === 'production';

  app.get(
    '/cart/gift',
    {
      schema: {
        tags: ['cart'],
        summary: 'The cart’s gift: its type, what it holds and its delivery form',
        response: { 200: z.object({ gift: cartGiftSchema.nullable() }) },
      },
    },
    async (request) => {
      const user = await request.currentUser();
      const cart = await findOpenCart(app.db, cartCookie.read(request), user?.id ?? null);
      return { gift: (await findCartGiftView(app.db, cart)) ?? null };
    },
  );

  app.put(
    '/cart/gift',
    {
      schema: {
        tags: ['cart'],
        summary: 'Put a gift in the cart, or change what it holds',
        description:
          'Up to five areas or one Complete bundle (400 otherwise); one gift per transaction, so a gift of the other type while one is in the cart is a 409. The delivery form, if filled in, is kept.',
        body: giftChoiceBody,
        response: { 200: z.object({ gift: cartGiftSchema, cart: cartSchema }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await request.currentUser();
      const userId = user?.id ?? null;
      const existing = await findOpenCart(app.db, cartCookie.read(request), userId);
      const { cart, gift } = await chooseGift(app.db, existing, userId, request.body);
      if (cart.id !== existing?.id) cartCookie.write(reply, cart.id, secure);
      return { gift, cart: await viewCart(app.db, cart, await viewerOf(request)) };
    },
  );

  app.put(
    '/cart/gift/delivery',
    {
      schema: {
        tags: ['cart'],
        summary: 'The gift delivery form: purchaser, recipient, delivery date and message',
        description:
          'The date is today or later in New York (the shop’s time zone), at most a year ahead; the message is plain text. 409 when the cart holds no gift.',
        body: giftDeliverySchema,
        response: { 200: z.object({ gift: cartGiftSchema }), ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.currentUser();
      const cart = await findOpenCart(app.db, cartCookie.read(request), user?.id ?? null);
      return { gift: await saveGiftDelivery(app.db, cart, request.body) };
    },
  );
};
