import { z } from 'zod';
import { messages } from '../errors/api-error.ts';

/** The checkout account step: the same schema validates in the browser and on the server. */
/** An e-mail address as every form of the shop takes it, with the specification's message. */
export const emailField = z
  .string({ error: messages.invalidEmail })
  .trim()
  .max(254, { error: messages.invalidEmail })
  .pipe(z.email({ error: messages.invalidEmail }));

export const checkoutAccountSchema = z.strictObject({
  email: emailField,
  password: z
    .string({ error: messages.passwordRequired })
    .min(1, { error: messages.passwordRequired })
    .max(128, { error: 'Please use a password of at most 128 characters' }),
});
export type CheckoutAccount = z.infer<typeof checkoutAccountSchema>;

const zipCode = /^\d{5}(-\d{4})?$/;

const homeCollectionSchema = z.strictObject({
  method: z.literal('home'),
  fullName: z.string().trim().min(2, { error: messages.collectionName }).max(120, { error: messages.collectionName }),
  shippingAddress: z.string().trim().min(3, { error: messages.collectionAddress }).max(200, { error: messages.collectionAddress }),
  apartmentNumber: z.string().trim().max(40).optional().default(''),
  city: z.string().trim().min(2, { error: messages.collectionCity }).max(80, { error: messages.collectionCity }),
  zipCode: z.string().trim().regex(zipCode, { error: messages.collectionZip }),
  phone: z
    .string()
    .trim()
    .max(32)
    .regex(/^[+()\d\s.-]*$/, { error: 'Enter a valid phone number or leave it empty' })
    .optional()
    .default(''),
});

const labCollectionSchema = z.strictObject({
  method: z.literal('lab'),
  zipCode: z.string().trim().regex(zipCode, { error: messages.collectionZip }),
  labLocationId: z.string().trim().min(1, { error: 'Please choose a lab' }).max(64),
});

/** After checkout: a home kit shipped to an address, or a partner lab near a zip code. */
export const collectionChoiceSchema = z.discriminatedUnion('method', [homeCollectionSchema, labCollectionSchema], {
  error: 'Please choose At-home Delivery or Lab Pick-Up',
});
export type CollectionChoice = z.infer<typeof collectionChoiceSchema>;

export const collectionMethodLabels = { home: 'At-home Delivery', lab: 'Lab Pick-Up' } as const;
