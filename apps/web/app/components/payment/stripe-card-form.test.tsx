import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handleStripeAction, StripeCardForm } from './stripe-card-form';

// Stripe.js itself comes from Stripe's servers; the loader hands out this stand-in instead
const { stripe, stripeFor } = vi.hoisted(() => {
  const stripe = { retrievePaymentIntent: vi.fn(), confirmCardPayment: vi.fn(), handleNextAction: vi.fn() };
  return { stripe, stripeFor: vi.fn(async () => stripe) };
});
vi.mock('./stripe-loader', () => ({ stripeFor }));

afterEach(() => {
  vi.clearAllMocks();
});

const noop = () => {};

describe('the Stripe card form', () => {
  it('says a publishable key is required when there is none', () => {
    const html = renderToString(<StripeCardForm publishableKey={null} account={null} onPaymentMethod={noop} />);
    expect(html).toMatch(/<div role="alert"[^>]*>A Stripe publishable key is required<\/div>/);
  });

  it('renders a placeholder on the server and loads nothing there', () => {
    const html = renderToString(<StripeCardForm publishableKey="pk_test_abc" account="acct_1" onPaymentMethod={noop} />);
    expect(html).toContain('Loading the secure card form…');
    expect(html).not.toContain('A Stripe publishable key is required');
    expect(stripeFor).not.toHaveBeenCalled();
  });
});

describe('finishing an authentication', () => {
  it('hands a payment waiting for the customer to Stripe.js on the right account', async () => {
    stripe.retrievePaymentIntent.mockResolvedValue({ paymentIntent: { status: 'requires_action', last_payment_error: null } });
    stripe.handleNextAction.mockResolvedValue({ paymentIntent: { status: 'succeeded' } });
    await handleStripeAction('pk_test_abc', 'acct_1', 'pi_1_secret_x');
    expect(stripeFor).toHaveBeenCalledWith('pk_test_abc', 'acct_1');
    expect(stripe.handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_1_secret_x' });
    expect(stripe.confirmCardPayment).not.toHaveBeenCalled();
  });

  it('confirms an off-session charge declined for authentication again with the customer and the same card', async () => {
    stripe.retrievePaymentIntent.mockResolvedValue({
      paymentIntent: {
        status: 'requires_payment_method',
        last_payment_error: { code: 'authentication_required', payment_method: { id: 'pm_saved' } },
      },
    });
    stripe.confirmCardPayment.mockResolvedValue({ paymentIntent: { status: 'succeeded' } });
    await handleStripeAction('pk_test_abc', null, 'pi_2_secret_y');
    expect(stripe.confirmCardPayment).toHaveBeenCalledWith('pi_2_secret_y', { payment_method: 'pm_saved' });
    expect(stripe.handleNextAction).not.toHaveBeenCalled();
  });

  it("finishes a SetupIntent's authentication and rejects with Stripe's message when it fails", async () => {
    stripe.handleNextAction.mockResolvedValue({ error: { message: 'We are unable to authenticate your payment method.' } });
    await expect(handleStripeAction('pk_test_abc', null, 'seti_1_secret_z')).rejects.toThrow(
      'We are unable to authenticate your payment method.',
    );
    expect(stripe.retrievePaymentIntent).not.toHaveBeenCalled();
  });
});
