import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Cart, CartItem } from '@shop/client';
import { ApiError } from '@shop/client/errors';

// the store talks to the API through the browser's client: here, answers the test hands out
const answers: Array<{ resolve: (cart: Cart) => void; reject: (error: unknown) => void }> = [];
const answer = () =>
  new Promise<Cart>((resolve, reject) => {
    answers.push({ resolve, reject });
  });
vi.mock('../../lib/api', () => ({
  browserApi: () => ({ updateCartItem: answer, removeFromCart: answer, getCart: answer }),
}));

const { cartAction, readCartState: state, shownLine } = await import('./cart-store');
// the store loads its server half with its first request; loaded here already, as after a page's first cart request
await import('./cart-server');

const line = (change: Partial<CartItem> = {}) =>
  ({ id: 'line-1', quantity: 1, frequency: 'monthly', lineTotal: '$49', ...change }) as CartItem;
const cartWith = (item: CartItem) => ({ items: [item] }) as unknown as Cart;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  answers.length = 0;
});

describe('a change to a cart line', () => {
  it('shows the new quantity at once, and the server’s line once it answers', async () => {
    await cartAction({ intent: 'show', cart: cartWith(line()) });
    const sent = cartAction({ intent: 'update', itemId: 'line-1', change: { quantity: 3 } });
    await flush();

    expect(state().updating).toEqual([{ itemId: 'line-1', change: { quantity: 3 } }]);
    expect(shownLine(line(), state().updating)).toMatchObject({ quantity: 3, lineTotal: '$49' });

    answers[0]!.resolve(cartWith(line({ quantity: 3, lineTotal: '$147' })));
    await sent;
    expect(state().updating).toEqual([]);
    expect(state().cart?.items[0]).toMatchObject({ quantity: 3, lineTotal: '$147' });
  });

  it('puts the old choice back, with the reason, when the server refuses', async () => {
    await cartAction({ intent: 'show', cart: cartWith(line({ frequency: 'monthly' })) });
    const sent = cartAction({ intent: 'update', itemId: 'line-1', change: { frequency: 'quarterly' } });
    await flush();
    expect(shownLine(state().cart!.items[0]!, state().updating).frequency).toBe('quarterly');

    answers[0]!.reject(new ApiError(404, 'CART_ITEM_NOT_FOUND', 'This item is no longer in your cart.'));
    await sent;
    expect(state().updating).toEqual([]);
    expect(shownLine(state().cart!.items[0]!, state().updating).frequency).toBe('monthly');
    expect(state().error).toBe('This item is no longer in your cart.');

    // and the cart is asked again, since the server's may have changed meanwhile
    await flush();
    expect(answers).toHaveLength(2);
    answers[1]!.resolve(cartWith(line({ frequency: 'monthly' })));
    await flush();
    expect(state().cart?.items[0]?.frequency).toBe('monthly');
  });

  it('takes a removed line out at once and keeps it out when the server agrees', async () => {
    await cartAction({ intent: 'show', cart: cartWith(line()) });
    const sent = cartAction({ intent: 'remove', itemId: 'line-1' });
    await flush();
    expect(state().removing).toEqual(['line-1']);

    answers[0]!.resolve({ items: [] } as unknown as Cart);
    await sent;
    expect(state().removing).toEqual([]);
    expect(state().cart?.items).toEqual([]);
  });
});
