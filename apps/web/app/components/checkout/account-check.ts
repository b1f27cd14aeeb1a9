// The account step's check, apart from its fields: it brings the schema library, which the
// checkout loads when the form is first touched rather than before its first paint.
import { checkoutAccountSchema, type CheckoutAccount } from '@shop/core';
import { fieldErrors } from '../../lib/field-errors';

/**
 * The account step's fields from the form, checked with the same schema as the server; undefined
 * when signed in already or when a field is wrong (its message is added to `errors`).
 */
export function readAccountStep(form: FormData, signedIn: unknown, errors: Record<string, string>): CheckoutAccount | undefined {
  if (signedIn) return undefined;
  const parsed = checkoutAccountSchema.safeParse({ email: form.get('email'), password: form.get('password') });
  if (!parsed.success) Object.assign(errors, fieldErrors(parsed.error.issues));
  return parsed.success ? parsed.data : undefined;
}
