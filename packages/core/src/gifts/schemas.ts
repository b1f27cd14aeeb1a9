import { z } from 'zod';
import { giftMessages } from './messages.ts';

const MESSAGE_MAX = 500;
const NAME_MAX = 80;

const giftEmail = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(254, { error: message })
    .pipe(z.email({ error: message }));

const name = z.string({ error: giftMessages.name }).trim().min(1, { error: giftMessages.name }).max(NAME_MAX, { error: giftMessages.name });

/** Anything that reads as an HTML tag or entity: the message is plain text for the recipient. */
const markup = /<\s*[a-z!/?]|&#?[a-z0-9]+;/i;

/**
 * The gift delivery form (§3, §5): who gives, who receives, when, and a message shown to the
 * recipient as text. The date is checked against today by `checkDeliveryDate`, which needs the
 * clock, so the schema only asks for a real date.
 */
export const giftDeliverySchema = z.strictObject({
  purchaserName: name,
  purchaserEmail: giftEmail(giftMessages.email),
  recipientName: name,
  recipientEmail: giftEmail(giftMessages.email),
  deliveryDate: z
    .string({ error: giftMessages.date })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: giftMessages.date }),
  message: z
    .string()
    .trim()
    .max(MESSAGE_MAX, { error: giftMessages.messageLength(MESSAGE_MAX) })
    .refine((text) => !markup.test(text), { error: giftMessages.messageMarkup })
    .optional()
    .default(''),
});
export type GiftDelivery = z.infer<typeof giftDeliverySchema>;

const required = (max: number) =>
  z
    .string({ error: giftMessages.shippingFields })
    .trim()
    .min(1, { error: giftMessages.shippingFields })
    .max(max, { error: giftMessages.shippingFields });

/** Where the recipient's kit goes (§3 gift shipping, §5 messages). */
export const giftShippingSchema = z.strictObject({
  fullName: required(120),
  email: giftEmail(giftMessages.shippingEmail),
  shippingAddress: required(200),
  apartmentNumber: z.string().trim().max(40).optional().default(''),
  city: required(80),
  zipCode: z
    .string({ error: giftMessages.shippingZip })
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, { error: giftMessages.shippingZip }),
});
export type GiftShipping = z.infer<typeof giftShippingSchema>;
