import { z } from 'zod';

/** Kit codes are 8 letters and digits printed as XXXX-XXXX; people type them with or without the dash. */
export function normalizeKitCode(input: string): string {
  const compact = input.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return compact.length === 8 ? `${compact.slice(0, 4)}-${compact.slice(4)}` : compact;
}

export const KIT_CODE_MESSAGE = 'Please enter the code printed on your kit, like ABCD-2345.';

/** The customer registers a kit by its code: one schema for the form and the API. */
export const kitRegistrationSchema = z.object({
  code: z
    .string({ error: KIT_CODE_MESSAGE })
    .max(40, KIT_CODE_MESSAGE)
    .transform(normalizeKitCode)
    .refine((code) => /^[A-Z0-9]{4}-[A-Z0-9]{4}$/.test(code), KIT_CODE_MESSAGE),
});
export type KitRegistration = z.infer<typeof kitRegistrationSchema>;

export const kitShipmentSchema = z.object({
  trackingNumber: z
    .string({ error: 'Please enter the tracking number.' })
    .trim()
    .min(4, 'Please enter the tracking number.')
    .max(64, 'A tracking number has at most 64 characters.'),
});

export const consoleReasonSchema = z.object({
  reason: z.string().trim().max(500, 'Please keep the reason under 500 characters.').optional(),
});
