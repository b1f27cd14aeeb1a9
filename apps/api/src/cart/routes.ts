import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../schemas.ts';
import { cartCookie } from './cookie.ts';
import { readAttribution } from '../promotions/attribution.ts';
import type { FastifyRequest } from 'fastify';
import { addItem, findOpenCart, removeItem, viewCart } from './service.ts';

const money = z.number().int();
export const cartSchema = z.object({
  id: z.string(),
  couponCode: z.string().nullable(),
  items: z.array(
    z.object({
      id: z.string(),
      productCode: z.string(),
      testId: z.number().nullable(),
      title: z.string(),
      unitPriceCents: money,
      quantity: z.number().int(),
      lineTotalCents: money,
      charge: z.enum(['now', 'on_results', 'recurring']),
      unitPrice: z.string(),
      lineTotal: z.string(),
    }),
  ),
  subtotalCents: money,
  discountCents: money,
  taxCents: money,
  shippingCents: money,
  totalCents: money,
  deferredCents: money,
  display: z.object({
    subtotal: z.string(),
    discount: z.string(),
    tax: z.string(),
    shipping: z.string(),
    total: z.string(),
    deferred: z.string(),
  }),
});

export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const secure = app.config.NODE_ENV === 'production';

  app.get('/cart', { schema: { tags: ['cart'], summary: 'The visitor’s cart', response: { 200: cartSchema } } }, async (request) => {
    const user = await request.currentUser();
    const cart = await findOpenCart(app.db, cartCookie.read(request), user?.id ?? null);
    return viewCart(app.db, cart, await viewerOf(request));
  });

  app.post(
    '/cart/items',
    {
      schema: {
        tags: ['cart'],
        summary: 'Add a product (a starter test from a quiz result, a bundle, an add-on) to the cart',
        body: z.strictObject({
          productCode: z.string().min(1).max(64),
          testId: z.number().int().positive().optional(),
          quizResultId: z.uuid({ error: 'quizResultId must be a quiz result id' }).optional(),
        }),
        response: { 200: cartSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await request.currentUser();
      const existing = await findOpenCart(app.db, cartCookie.read(request), user?.id ?? null);
      const cart = await addItem(app.db, existing, user?.id ?? null, request.body);
      if (cart.id !== existing?.id) cartCookie.write(reply, cart.id, secure);
      return viewCart(app.db, cart, await viewerOf(request));
    },
  );

  app.delete(
    '/cart/items/:itemId',
    {
      schema: {
        tags: ['cart'],
        summary: 'Remove an item from the cart',
        params: z.object({ itemId: z.uuid({ error: 'Unknown cart item' }) }),
        response: { 200: cartSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.currentUser();
      const cart = await findOpenCart(app.db, cartCookie.read(request), user?.id ?? null);
      await removeItem(app.db, cart, request.params.itemId);
      return viewCart(app.db, cart, await viewerOf(request));
    },
  );
};

async function viewerOf(request: FastifyRequest) {
  const user = await request.currentUser();
  return { customer: { id: user?.id ?? null, email: user?.email ?? null }, attribution: readAttribution(request) };
}
