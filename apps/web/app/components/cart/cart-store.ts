import { useSyncExternalStore } from 'react';
import type { AddToCart, Cart, CartChangeConfirmation, CartItem } from '@shop/client';
import type { Refusal } from './cart-server';

/**
 * The cart in the browser: one store every cart control reads, and one `cartAction` that switches
 * on an intent. It talks to the API through the typed client (the API sets the cart cookie
 * itself). Changes show at once — a removed line leaves the list, an added one appears as
 * "Adding…", a changed quantity or frequency shows the new choice — and the totals wait for the
 * server, since the browser never computes money. A refused change puts the line back as it was.
 */
export interface CartState {
  /** null until the browser has asked the server */
  cart: Cart | null;
  open: boolean;
  /** the lines being added or removed right now, for their pending look */
  adding: Array<{ key: string; title: string }>;
  removing: string[];
  /** the lines being changed right now, with the change they show until the server answers */
  updating: Array<{ itemId: string; change: CartLineChange }>;
  /** an addition waiting for the customer's yes, because it replaces the quiz starter test */
  confirmation: PendingConfirmation | null;
  error: string | null;
}

/** The question asked before a starter test is replaced, and who waits for its answer. */
export interface PendingConfirmation {
  request: AddToCart;
  details: CartChangeConfirmation;
  /** whether the sidebar opens with the line once confirmed */
  openCart: boolean;
  /** told how it ended: added after the yes, refused by the server, or cancelled */
  onAnswer?: ((answer: AddAnswer) => void) | undefined;
}

/** What a line's controls change: how many, how often it is delivered. */
export interface CartLineChange {
  quantity?: number;
  frequency?: 'monthly' | 'quarterly';
}

export type CartIntent =
  | { intent: 'load' }
  | { intent: 'show'; cart: Cart }
  | { intent: 'open' }
  | { intent: 'close' }
  | { intent: 'add'; item: AddToCart; title: string; openCart?: boolean; onAnswer?: (answer: AddAnswer) => void }
  | { intent: 'remove'; itemId: string }
  | { intent: 'update'; itemId: string; change: CartLineChange }
  // the confirmation's question goes; its answer is cart-confirmation.tsx's, loaded with it
  | { intent: 'dismiss' };

/** What an addition came to: in the cart, waiting for confirmation, or refused with a message. */
export type AddOutcome = 'added' | 'confirm' | 'failed';

/** How the customer answered the replace confirmation, once the addition it asked about is settled. */
export type AddAnswer = 'added' | 'failed' | 'cancelled';

const initial: CartState = { cart: null, open: false, adding: [], removing: [], updating: [], confirmation: null, error: null };
let state = initial;
const listeners = new Set<() => void>();
let loading: Promise<void> | null = null;

function set(change: Partial<CartState> | ((current: CartState) => Partial<CartState>)) {
  state = { ...state, ...(typeof change === 'function' ? change(state) : change) };
  for (const listener of listeners) listener();
}

/** The store as it is now, for code outside React. */
export function readCartState(): CartState {
  return state;
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

/** The API client and the reading of its refusals, loaded with the first request: drawing the header needs neither. */
const server = () => import('./cart-server');

async function api() {
  return (await server()).browserApi();
}

/**
 * Why a change was refused. Its module is loaded by then, unless loading it is what failed: that
 * failure is a network one, told as such.
 */
async function refusalOf(failure: unknown): Promise<Refusal> {
  return server().then(
    (module) => module.refusalOf(failure),
    () => ({ message: UNREACHABLE, confirmation: null }),
  );
}

const UNREACHABLE = 'We could not reach the shop. Check your connection and try again.';

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
      return add(action.item, action.title, action.openCart ?? true, action.onAnswer);
    case 'dismiss':
      set({ confirmation: null });
      return undefined;
    case 'remove':
      return remove(action.itemId);
    case 'update':
      return update(action.itemId, action.change);
  }
}

/** Adds a line; one that would replace the quiz starter test waits for the customer's answer instead. */
export async function add(item: AddToCart, title: string, openCart: boolean, onAnswer?: (answer: AddAnswer) => void): Promise<AddOutcome> {
  const key = `adding-${++keys}`;
  changes += 1;
  set((current) => ({ adding: [...current.adding, { key, title }], error: null, open: openCart || current.open }));
  try {
    const cart = await (await api()).addToCart(item);
    set((current) => ({ cart, adding: current.adding.filter((entry) => entry.key !== key) }));
    return 'added';
  } catch (failure) {
    const { confirmation, message } = await refusalOf(failure);
    set((current) => ({
      adding: current.adding.filter((entry) => entry.key !== key),
      // the question comes alone: the sidebar steps aside and returns with the answer
      ...(confirmation
        ? { confirmation: { request: item, details: confirmation, openCart, onAnswer }, open: false }
        : { error: message, open: true }),
    }));
    return confirmation ? 'confirm' : 'failed';
  }
}

async function remove(itemId: string): Promise<undefined> {
  changes += 1;
  set((current) => ({ removing: [...current.removing, itemId], error: null }));
  try {
    const cart = await (await api()).removeFromCart(itemId);
    set((current) => ({ cart, removing: current.removing.filter((id) => id !== itemId) }));
  } catch (failure) {
    // the line comes back as it was, with the reason
    const { message: error } = await refusalOf(failure);
    set((current) => ({ removing: current.removing.filter((id) => id !== itemId), error }));
    void cartAction({ intent: 'load' });
  }
  return undefined;
}

async function update(itemId: string, change: CartLineChange): Promise<undefined> {
  changes += 1;
  const entry = { itemId, change };
  const without = (current: CartState) => current.updating.filter((pending) => pending !== entry);
  set((current) => ({ updating: [...current.updating, entry], error: null }));
  try {
    const cart = await (await api()).updateCartItem(itemId, change);
    set((current) => ({ cart, updating: without(current) }));
  } catch (failure) {
    // the line shows its old choice again, with the reason
    const { message: error } = await refusalOf(failure);
    set((current) => ({ updating: without(current), error }));
    void cartAction({ intent: 'load' });
  }
  return undefined;
}

/** A line as the customer last chose it: the server's, with a change on its way shown already. */
export function shownLine(item: CartItem, updating: CartState['updating']): CartItem {
  const pending = updating.filter((entry) => entry.itemId === item.id);
  return pending.reduce((line, entry) => ({ ...line, ...entry.change }), item);
}

/** The cart a page shows: the store's once it has one, else what the page's loader brought. */
export function useCart(fallback?: Cart | null): Cart | null {
  const { cart } = useCartState();
  return cart ?? fallback ?? null;
}
