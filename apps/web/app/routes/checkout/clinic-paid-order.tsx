import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { messages, paidByClinicLabel } from '@shop/core';
import { isApiError } from '@shop/client/errors';
import type { PayLinkView } from '@shop/client';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { browserApi } from '../../lib/api';
import { messageOf } from '../../lib/errors';

/**
 * An order the clinic paid, as its client's link shows it: the tests, who paid and no price, then
 * the way in to the order: a first password for the account the order made, or the password the
 * client has (docs/decisions/0047-clinic-pays.md).
 */
export function ClinicPaidOrder({ token, link, signedIn }: { token: string; link: PayLinkView; signedIn: boolean }) {
  const navigate = useNavigate();
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const orderPath = link.orderId ? `/account/orders/${link.orderId}` : '/account';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('password');
    const password = typeof value === 'string' ? value : '';
    if (!password) {
      setError(messages.passwordRequired);
      return;
    }
    setPending(true);
    try {
      await browserApi().payLinkAccount(token, password);
      await navigate(orderPath);
    } catch (failure) {
      setError(
        isApiError(failure) && failure.status < 500 && failure.code !== 'PAY_LINK_EXPIRED'
          ? failure.message
          : messageOf(failure, messages.checkoutFailed),
      );
      setPending(false);
    }
  }

  return (
    <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-5">
      <section
        aria-labelledby="clinic-order-summary"
        className="space-y-4 self-start rounded-2xl bg-white p-6 shadow-sm lg:order-last lg:col-span-2"
      >
        <h2 id="clinic-order-summary" className="text-lg font-bold">
          Ordered by {link.clinicName}
        </h2>
        <ul className="divide-y divide-slate-100">
          {link.items.map((item) => (
            <li key={item.title} className="py-2">
              {item.title}
            </li>
          ))}
        </ul>
        <p className="border-t border-slate-200 pt-3 text-lg font-bold">{paidByClinicLabel(link.clinicName)}</p>
        <p className="text-sm text-muted">There is nothing for you to pay.</p>
        <p className="rounded-lg bg-slate-50 p-3 text-sm">{link.refundNote}</p>
      </section>
      <div className="lg:col-span-3">
        {signedIn ? (
          <div className="rounded-2xl bg-white p-6 shadow-sm">
            <p>
              You are signed in. Your order is in your account: choose a home kit or a partner lab there, and fill in your medical profile.
            </p>
            <Link to={orderPath} className="mt-4 inline-block rounded-full bg-brand px-5 py-2 font-semibold text-white">
              Open my order
            </Link>
          </div>
        ) : (
          <form
            method="post"
            noValidate
            onSubmit={submit}
            className="space-y-4 rounded-2xl bg-white p-6 shadow-sm"
            aria-label="Open your order"
          >
            <h2 className="text-lg font-bold">Your account</h2>
            <p>
              Your order and your results are in your Base account, <span className="font-semibold break-all">{link.email}</span>.
            </p>
            <Field
              label={link.needsPassword ? 'Choose a password' : 'Password'}
              name="password"
              type="password"
              autoComplete={link.needsPassword ? 'new-password' : 'current-password'}
              hint={
                link.needsPassword
                  ? 'Your account was made with your order. Choose its password to open it.'
                  : 'Enter the password of your Base account.'
              }
              error={error}
            />
            <Button type="submit" className="w-full" pending={pending} pendingLabel="Opening…">
              Open my order
            </Button>
          </form>
        )}
      </div>
    </div>
  );
}
