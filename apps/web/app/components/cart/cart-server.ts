import type { CartChangeConfirmation } from '@shop/client';
import { isApiError } from '@shop/client/errors';
import { browserApi } from '../../lib/api';
import { messageOf } from '../../lib/errors';

/**
 * What the cart store needs once it talks to the server: the API client and the reading of its
 * refusals. It loads with the store's first request (cart-store.ts), not with the page: drawing
 * the header's cart button needs none of it.
 */
export { browserApi };

/** Why a cart change was refused: the message for a person, and the question to ask first when the change replaces the starter test. */
export interface Refusal {
  message: string;
  confirmation: CartChangeConfirmation | null;
}

export function refusalOf(failure: unknown): Refusal {
  const confirmation =
    isApiError(failure) && failure.code === 'CART_CHANGE_NEEDS_CONFIRMATION' ? (failure.body as CartChangeConfirmation) : null;
  return { message: messageOf(failure), confirmation };
}
