import { useSyncExternalStore } from 'react';
import type { AddToCart, Cart, CartChangeConfirmation } from '@shop/client';
import { isApiError } from '@shop/client/errors';
import { messageOf } from '../../lib/errors';

/**
 * The cart in the browser: one store every cart control reads, and one `cartAction` that switches
 * on an intent. It talks to the API through the typed client (the API sets the cart cookie
 * itself, which a server action could not pass on). Changes show at once — a removed line leaves
 * the list, an added one appears as "Adding…" — and the totals wait for the server, since the
 * browser never computes money.
 */
export interface CartState {
  /** null until the browser has asked the server */
  cart: Cart | null;
  open: boolean;
  /** the lines being added or removed right now, for their pending look */
  adding: Array<{ key: string; title: string }>;
  removing: string[];
  updating: string[];
  /** an addition waiting for the customer's yes, because it replaces the quiz starter test */
  confirmation: { request: AddToCart; details: CartChangeConfirmation } | null;
  error: string | null;
}

export type CartIntent =
  | { intent: 'load' }
  | { intent: 'show'; cart: Cart }
  | { intent: 'open' }
  | { intent: 'close' }
  | { intent: 'add'; item: AddToCart; title: string; openCart?: boolean }
  | { intent: 'remove'; itemId: string }
  | { intent: 'update'; itemId: string; change: { quantity?: number; frequency?: 'monthly' | 'quarterly' } }
  | { intent: 'confirm' }
  | { intent: 'cancel' };

/** What an addition came to: in the cart, waiting for confirmation, or refused with a message. */
export type AddOutcome = 'added' | 'confirm' | 'failed';

const initial: CartState = { cart: null, open: false, adding: [], removing: [], updating: [], confirmation: null, error: null };
let state = initial;
const listeners = new Set<() => void>();
let loading: Promise<void> | null = null;

function set(change: Partial<CartState> | ((current: CartState) => Partial<CartState>)) {
  state = { ...state, ...(typeof change === 'function' ? change(state) : change) };
  for (const listener of listeners) listener();
}

export function useCartState(): CartState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => initial,
  );
}

/** The API client, loaded after the page is shown: drawing the header does not need it. */
async function api() {
  const { browserApi } = await import('../../lib/api');
  return browserApi();
}

let keys = 0;
let changes = 0;

export async function cartAction(action: CartIntent): Promise<AddOutcome | undefined> {
  switch (action.intent) {
    case 'load': {
      // a change made while the cart loads answers with a fresher cart than the load will
      const since = changes;
      loading ??= api()
        .then((client) => client.getCart())
        .then((cart) => {
          if (since === changes) set({ cart });
        })
        .catch(() => set({ error: 'We could not load your cart. Please try again.' }))
        .finally(() => {
          loading = null;
        });
      return loading.then(() => undefined);
    }
    case 'show':
      // a loader's cart is as fresh as the server's: it wins over an older one here
      set({ cart: action.cart });
      return undefined;
    case 'open':
      set({ open: true, error: null });
      if (!state.cart) void cartAction({ intent: 'load' });
      return undefined;
    case 'close':
      set({ open: false });
      return undefined;
    case 'add':
      return add(action.item, action.title, action.openCart ?? true);
    case 'confirm': {
      const pending = state.confirmation;
      if (!pending) return undefined;
      set({ confirmation: null });
      return add({ ...pending.request, confirmReplace: true }, pending.details.adding.title, true);
    }
    case 'cancel':
      set({ confirmation: null });
      return undefined;
    case 'remove':
      return change(action.itemId, 'removing', async () => (await api()).removeFromCart(action.itemId));
    case 'update':
      return change(action.itemId, 'updating', async () => (await api()).updateCartItem(action.itemId, action.change));
  }
}

async function add(item: AddToCart, title: string, openCart: boolean): Promise<AddOutcome> {
  const key = `adding-${++keys}`;
  changes += 1;
  set((current) => ({ adding: [...current.adding, { key, title }], error: null, open: openCart || current.open }));
  try {
    const cart = await (await api()).addToCart(item);
    set((current) => ({ cart, adding: current.adding.filter((entry) => entry.key !== key) }));
    return 'added';
  } catch (failure) {
    const confirmation = confirmationOf(failure);
    set((current) => ({
      adding: current.adding.filter((entry) => entry.key !== key),
      // the question comes alone: the sidebar steps aside and returns with the answer
      ...(confirmation
        ? { confirmation: { request: item, details: confirmation }, open: false }
        : { error: messageOf(failure), open: true }),
    }));
    return confirmation ? 'confirm' : 'failed';
  }
}

async function change(itemId: string, list: 'removing' | 'updating', send: () => Promise<Cart>): Promise<undefined> {
  changes += 1;
  set((current) => ({ [list]: [...current[list], itemId], error: null }));
  try {
    const cart = await send();
    set((current) => ({ cart, [list]: current[list].filter((id) => id !== itemId) }));
  } catch (failure) {
    // the line comes back as it was, with the reason
    set((current) => ({ [list]: current[list].filter((id) => id !== itemId), error: messageOf(failure) }));
    void cartAction({ intent: 'load' });
  }
  return undefined;
}

function confirmationOf(failure: unknown): CartChangeConfirmation | null {
  if (!isApiError(failure) || failure.code !== 'CART_CHANGE_NEEDS_CONFIRMATION') return null;
  return failure.body as CartChangeConfirmation;
}

/** The cart a page shows: the store's once it has one, else what the page's loader brought. */
export function useCart(fallback?: Cart | null): Cart | null {
  const { cart } = useCartState();
  return cart ?? fallback ?? null;
}
