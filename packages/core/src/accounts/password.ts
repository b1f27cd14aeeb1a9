import { z } from 'zod';
import { emailField } from '../checkout/schemas.ts';

export const passwordMessages = {
  mismatch: 'Password and confirm password has to be the same.',
  rule: 'Your password needs at least 8 characters, with a lowercase letter, an uppercase letter, a number and a symbol.',
  resetSent: 'Please check your email to reset your password. If you do not get an email, please try again',
  resetFailed: 'Whoops - something happened, please try again later',
  expired: 'This link has expired or was already used. Please ask for a new one.',
  fallback: 'Something happened. Please try again or contact us.',
} as const;

/** At least 8 characters with a lowercase letter, an uppercase letter, a number and a symbol. */
export function isStrongPassword(password: string): boolean {
  return (
    password.length >= 8 &&
    password.length <= 128 &&
    /[a-z]/.test(password) &&
    /[A-Z]/.test(password) &&
    /\d/.test(password) &&
    /[^A-Za-z0-9]/.test(password)
  );
}

export const passwordResetRequestSchema = z.strictObject({ email: emailField });

/** The new-password form: the same schema in the browser and on the server. */
export const newPasswordSchema = z
  .strictObject({
    token: z.string().min(1, { error: passwordMessages.expired }).max(200, { error: passwordMessages.expired }),
    password: z.string().max(128, { error: passwordMessages.rule }).refine(isStrongPassword, { error: passwordMessages.rule }),
    confirmPassword: z.string().max(128, { error: passwordMessages.mismatch }),
  })
  .refine((form) => form.password === form.confirmPassword, { error: passwordMessages.mismatch, path: ['confirmPassword'] });
export type NewPasswordForm = z.infer<typeof newPasswordSchema>;

/** The member area's change-password form. */
export const changePasswordSchema = z
  .strictObject({
    currentPassword: z
      .string({ error: 'Please enter your current password' })
      .min(1, { error: 'Please enter your current password' })
      .max(128, { error: 'Please enter your current password' }),
    password: z.string().max(128, { error: passwordMessages.rule }).refine(isStrongPassword, { error: passwordMessages.rule }),
    confirmPassword: z.string().max(128, { error: passwordMessages.mismatch }),
  })
  .refine((form) => form.password === form.confirmPassword, { error: passwordMessages.mismatch, path: ['confirmPassword'] });
export type ChangePasswordForm = z.infer<typeof changePasswordSchema>;
