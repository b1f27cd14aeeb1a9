import { carriesTest, cartMessages, getProduct, getTest, isProductCode } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../schemas.ts';
import { cartCookie } from './cookie.ts';
import { noteEmptyBankRefusal } from '../employer-cover/bank-notices.ts';
import { readAttribution } from '../promotions/attribution.ts';
import type { FastifyRequest } from 'fastify';
import { sendStarterTestKept } from './kept-email.ts';
import { quizCookie } from '../quiz/cookie.ts';
import { recordRequestConversion } from '../experiments/service.ts';
import { addItemBody, cartSchema, confirmationSchema, itemParams, updateItemBody } from './schemas.ts';
import { addItem, findCartToRead, findOpenCart, removeItem, updateItem, viewCart } from './service.ts';

export { cartSchema } from './schemas.ts';

export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const secure = app.config.NODE_ENV === 'production';

  app.get('/cart', { schema: { tags: ['cart'], summary: 'The visitor’s cart', response: { 200: cartSchema } } }, async (request, reply) => {
    const user = await request.currentUser();
    const cookie = cartCookie.read(request);
    const cart = await findCartToRead(app.db, cookie, user?.id ?? null);
    // the account's cart found without this browser's cookie: the cookie follows, so checkout finds it too
    if (cart && cart.id !== cookie) cartCookie.write(reply, cart.id, secure);
    const view = await viewCart(app.db, cart, await viewerOf(request));
    // the employee reads that their employer has been told: an empty prepaid bank's refusal tells its admins (decision 0086)
    if (cart && view.coverRefusal?.code === 'BANK_EMPTY') await noteEmptyBankRefusal(app.db, app.events, cart.id);
    return view;
  });

  app.post(
    '/cart/items',
    {
      schema: {
        tags: ['cart'],
        summary: 'Add a product (a starter test from a quiz result, an area test, the Complete bundle, an add-on) to the cart',
        description:
          'An area test or the Complete bundle replaces the quiz starter test: without `confirmReplace: true` the answer is a 409 that says what would be replaced, and nothing changes. Adding a line that is there already sets its quantity.',
        body: addItemBody,
        response: { 200: cartSchema, ...errorResponses, 409: confirmationSchema.or(errorResponses[409]) },
      },
    },
    async (request, reply) => {
      const user = await request.currentUser();
      const userId = user?.id ?? null;
      const existing = await findOpenCart(app.db, cartCookie.read(request), userId);
      const result = await addItem(app.db, existing, { userId, visitorId: quizCookie.read(request) }, request.body);
      if (result.outcome === 'confirm') {
        const code = request.body.productCode;
        return reply.status(409).send({
          code: 'CART_CHANGE_NEEDS_CONFIRMATION',
          message: cartMessages.needsConfirmation,
          replaces: (await viewCart(app.db, existing, await viewerOf(request))).items
            .filter((item) => result.replaces.some((line) => line.id === item.id))
            .map((item) => ({ id: item.id, productCode: item.productCode, title: item.title })),
          adding: { productCode: code, title: titleOf(code, request.body.testId) },
          keptByEmail: userId !== null,
        });
      }
      if (result.cart.id !== existing?.id) cartCookie.write(reply, result.cart.id, secure);
      await sendStarterTestKept(app, userId, result.replaced);
      await recordRequestConversion(app.db, request, { metric: 'added_to_cart', source: result.cart.id });
      return viewCart(app.db, result.cart, await viewerOf(request), new Date(), { items: result.items, goalSlugs: result.goalSlugs });
    },
  );

  app.patch(
    '/cart/items/:itemId',
    {
      schema: {
        tags: ['cart'],
        summary: 'Change a line’s quantity (1 to 10) or a subscription’s delivery frequency',
        params: itemParams,
        body: updateItemBody,
        response: { 200: cartSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.currentUser();
      const cart = await findOpenCart(app.db, cartCookie.read(request), user?.id ?? null);
      await updateItem(app.db, cart, request.params.itemId, request.body);
      return viewCart(app.db, cart, await viewerOf(request));
    },
  );

  app.delete(
    '/cart/items/:itemId',
    {
      schema: {
        tags: ['cart'],
        summary: 'Remove an item from the cart (the last starter test takes its program and fast-track along)',
        params: itemParams,
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

function titleOf(code: string, testId: number | undefined): string {
  if (!isProductCode(code)) return code;
  const product = getProduct(code);
  if (testId === undefined || !carriesTest(code)) return product.title;
  // an area test is named by its test; a subscription says that it is one
  return code === 'base-quiz' ? getTest(testId).title : `${getTest(testId).title} (${product.title})`;
}

/** The customer and the link they came through: what the cart's discounts depend on. */
export async function viewerOf(request: FastifyRequest) {
  const user = await request.currentUser();
  return { customer: { id: user?.id ?? null, email: user?.email ?? null }, attribution: readAttribution(request) };
}
