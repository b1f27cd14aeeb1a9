import { passwordMessages } from '@shop/core';
import { Field } from '../field';

/**
 * The password of an account being made (a sign-up, an invitation accepted, an application): the
 * browser may suggest a strong one, and the rule is said before it is broken.
 */
export function NewPasswordField({ error, className }: { error?: string; className?: string }) {
  return (
    <Field
      label="Password"
      name="password"
      type="password"
      autoComplete="new-password"
      error={error}
      hint={passwordMessages.rule}
      className={className}
    />
  );
}
