import { cartLineOrigins, cartMessages, deliveryFrequencies, MAX_QUANTITY } from '@shop/core';
import { z } from 'zod';

const money = z.number().int();
const kinds = ['starter', 'starter-extra', 'area', 'complete', 'addon', 'gift'] as const;

export const cartItemSchema = z.object({
  id: z.string(),
  productCode: z.string(),
  testId: z.number().nullable(),
  kind: z.enum(kinds),
  title: z.string(),
  unitPriceCents: money,
  quantity: z.number().int(),
  maxQuantity: z.number().int(),
  lineTotalCents: money,
  charge: z.enum(['now', 'on_results', 'recurring']),
  frequency: z.enum(deliveryFrequencies).nullable(),
  unitPrice: z.string(),
  lineTotal: z.string(),
  compareAtPrice: z.string().nullable(),
  note: z.string().nullable(),
  /** what an employer pays of this line ("Covered by {Employer}") and what is left to the employee */
  covered: z.object({ label: z.string(), cents: money, display: z.string(), dueCents: money, due: z.string() }).nullable(),
});

export const cartSchema = z.object({
  id: z.string(),
  items: z.array(cartItemSchema),
  itemCount: z.number().int(),
  giftType: z.enum(['one_off', 'improvement_program']).nullable(),
  subtotalCents: money,
  discountCents: money,
  /** the part of the discount that is the Base Daily member's 5% off tests */
  memberDiscountCents: money,
  taxCents: money,
  shippingCents: money,
  totalCents: money,
  deferredCents: money,
  storeCreditCents: money,
  /** what an employer pays of a covered cart (already off the total, and the program off what is billed on results), and who */
  cover: z
    .object({ employer: z.string(), coveredCents: money, display: z.string(), programCents: money, programDisplay: z.string() })
    .nullable(),
  /** why the employer's cover would refuse this order (its prepaid bank is short, the cover is used, its cap is reached): nothing can be placed */
  coverRefusal: z.object({ code: z.string(), message: z.string() }).nullable(),
  display: z.object({
    subtotal: z.string(),
    discount: z.string(),
    /** the member's part of the discount, and the rest (the code's or the link's) */
    memberDiscount: z.string(),
    codeDiscount: z.string(),
    codeDiscountLabel: z.string().nullable(),
    tax: z.string(),
    shipping: z.string(),
    total: z.string(),
    deferred: z.string(),
    storeCredit: z.string(),
    couponCode: z.string().nullable(),
    firstTest: z.string().nullable(),
    baseCompleteTests: z.number().int(),
    area: z.string().nullable(),
    goal: z.string().nullable(),
    date: z.string().nullable(),
    dateIso: z.string().nullable(),
    membershipTerms: z.string().nullable(),
  }),
});

/** The answer when an addition would replace the quiz's starter test and needs the customer's yes. */
export const confirmationSchema = z.object({
  code: z.literal('CART_CHANGE_NEEDS_CONFIRMATION'),
  message: z.string(),
  replaces: z.array(z.object({ id: z.string(), productCode: z.string(), title: z.string() })),
  adding: z.object({ productCode: z.string(), title: z.string() }),
  /** whether the replaced starter test will be e-mailed: only a signed-in customer has an address */
  keptByEmail: z.boolean(),
});

const quantity = z
  .number({ error: cartMessages.quantity })
  .int({ error: cartMessages.quantity })
  .min(1, { error: cartMessages.quantity })
  .max(MAX_QUANTITY, { error: cartMessages.quantity });
const frequency = z.enum(deliveryFrequencies, { error: cartMessages.frequencyRequired });

export const addItemBody = z.strictObject({
  productCode: z
    .string({ error: cartMessages.unknownProduct })
    .min(1, { error: cartMessages.unknownProduct })
    .max(64, { error: cartMessages.unknownProduct }),
  testId: z
    .number({ error: cartMessages.unknownTest })
    .int({ error: cartMessages.unknownTest })
    .positive({ error: cartMessages.unknownTest })
    .max(1_000_000, { error: cartMessages.unknownTest })
    .optional(),
  quizResultId: z.uuid({ error: 'quizResultId must be a quiz result id' }).optional(),
  origin: z.enum(cartLineOrigins, { error: 'origin must be quiz, area or addon' }).optional(),
  quantity: quantity.optional(),
  frequency: frequency.optional(),
  confirmReplace: z.boolean({ error: 'confirmReplace must be true or false' }).optional(),
});

export const updateItemBody = z.strictObject({
  quantity: quantity.optional(),
  frequency: frequency.optional(),
});

export const itemParams = z.object({ itemId: z.uuid({ error: 'Unknown cart item' }) });
