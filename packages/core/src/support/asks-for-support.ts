// Kept apart from the support forms' schemas: the checkout shows this link, and should not load a
// schema library for it on its first paint.

/** Whether a message of the shop tells the person to write to support: then a "Message support" link goes with it. */
export function asksForSupport(text: string | undefined): boolean {
  return text !== undefined && /send us a message|message support|messaging support|contact us/i.test(text);
}
