import { giftChoiceAction } from './gift-choice.server';
import type { Route } from './+types/gift-choice';

/** The gift choices of the gift pages and the gift quiz's results, sent here with or without the page's script. */
export function action(args: Route.ActionArgs) {
  return giftChoiceAction(args);
}
