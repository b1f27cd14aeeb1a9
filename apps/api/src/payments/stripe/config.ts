/** What the Stripe adapter needs; `stripeConfigFrom` in env.ts builds it from the environment. */
export interface StripeGatewayConfig {
  /** sk_test_… or sk_live_…: a test key puts the checkout in test mode */
  secretKey: string;
  publishableKey: string;
  /** whsec_…: the signing secret of the webhook endpoint */
  webhookSecret: string;
  /**
   * A connected account (acct_…) the shop sells through. Stripe.js creates the card on that
   * account, so the server's calls must be made on it too (the Stripe-Account header).
   */
  account: string | null;
  /** another base URL for Stripe's API, such as the local fake; null for api.stripe.com */
  apiUrl: string | null;
  /** retries after a lost connection or a 5xx; the idempotency keys make them safe. Default 2 */
  maxNetworkRetries?: number;
  /** how long one request may take, in ms. Default 20 000 */
  timeoutMs?: number;
}
