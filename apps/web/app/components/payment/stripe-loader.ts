import { loadStripe, type Stripe } from '@stripe/stripe-js';

// One Stripe.js instance per key and account for the life of the page: the card form and a
// later authentication share it. A failed load is forgotten so that the next try loads again.
const loaded = new Map<string, Promise<Stripe>>();

export function stripeFor(publishableKey: string, account: string | null): Promise<Stripe> {
  const cacheKey = `${publishableKey}|${account ?? ''}`;
  let stripe = loaded.get(cacheKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey, { locale: 'en', ...(account ? { stripeAccount: account } : {}) }).then((instance) => {
      if (!instance) throw new Error('Stripe.js cannot run here');
      return instance;
    });
    stripe.catch(() => loaded.delete(cacheKey));
    loaded.set(cacheKey, stripe);
  }
  return stripe;
}
