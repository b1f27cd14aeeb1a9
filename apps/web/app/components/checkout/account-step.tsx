import { Link } from 'react-router';
import type { FormAnswer } from '../../lib/form-answer';
import { Button } from '../button';
import { Field } from '../field';
import { GoogleSignIn } from '../google-sign-in';

/** The account step as a form of its own (`_form`), on the checkout where the card fields are script-only. */
export const ACCOUNT_FORM = 'account';
/** The account step's answer: once accepted, who is signed in. */
export type AccountAnswer = FormAnswer & { signedIn?: { email: string } };

export interface AccountStepProps {
  /** the fieldset's legend, numbered as the page's steps are */
  legend: string;
  signedIn: { email: string } | null;
  google: boolean;
  googleFailed: boolean;
  /** where Google brings the customer back */
  returnTo: string;
  errors: Partial<Record<'email' | 'password', string>>;
  /** what was typed, when the form came back refused without the page's script (never the password) */
  values?: Partial<Record<string, string>>;
  /**
   * The id of the form the fields belong to, when the step is a form of its own outside the
   * page's (the checkout's); with `submitLabel`, the button that sends it, for a browser without
   * the page's script. It sits in <noscript>: with the script, the page's own button sends the step
   * first, and no button disappears as the page comes alive (no layout shift).
   */
  form?: string;
  submitLabel?: string;
}

/**
 * The checkout's account step (§3 checkout account: email, password): a new e-mail creates the
 * account, a known one signs in; or Google, when it is on. Signed in, it just says who.
 */
export function AccountStep({ legend, signedIn, google, googleFailed, returnTo, errors, values, form, submitLabel }: AccountStepProps) {
  return (
    <fieldset className="rounded-2xl bg-white p-6 shadow-sm">
      <legend className="float-left w-full text-lg font-bold">{legend}</legend>
      {signedIn ? (
        <p className="clear-both pt-3 text-muted [overflow-wrap:anywhere]">Signed in as {signedIn.email}</p>
      ) : (
        <div className="clear-both space-y-4 pt-3">
          {google ? (
            <>
              <GoogleSignIn returnTo={returnTo} failed={googleFailed} />
              <p className="text-center text-sm text-muted">or with your e-mail</p>
            </>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              defaultValue={values?.email}
              error={errors.email}
              form={form}
            />
            <Field
              label="Password"
              name="password"
              type="password"
              autoComplete="new-password"
              error={errors.password}
              hint="At least 8 characters"
              form={form}
            />
          </div>
          <p className="text-sm text-muted">
            Bought from us before? Your e-mail and password sign you in here, or{' '}
            <Link to={`/sign-in?next=${encodeURIComponent(returnTo)}`} className="font-semibold text-brand underline">
              sign in first
            </Link>
            .{' '}
            <Link to="/reset-password" className="font-semibold text-brand underline">
              Forgot your password?
            </Link>
          </p>
          {submitLabel ? (
            <noscript>
              <Button type="submit" form={form} variant="secondary">
                {submitLabel}
              </Button>
            </noscript>
          ) : null}
        </div>
      )}
    </fieldset>
  );
}
