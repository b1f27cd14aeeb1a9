import { z } from 'zod';
import { getProduct, type ProductCode } from '../catalog/products.ts';
import { tests } from '../catalog/tests.ts';

/** How long a client's pay link works, and when its reminders go out (days after it was sent). */
export const PAY_LINK_DAYS = 14;
export const PAY_LINK_REMINDER_DAYS = [2, 6] as const;

/** One test a clinic may order for a client: a lab test, the Complete bundle, food allergy or food sensitivity. */
export interface ProviderCatalogItem {
  /** `test-{id}` for a lab test, else the product's code */
  key: string;
  productCode: ProductCode;
  /** the lab test of a `base-quiz` line */
  testId: number | null;
  title: string;
  priceCents: number;
}

/** The provider test catalog: the shop's tests (each at the starter test's price), the Complete bundle, food allergy and sensitivity. */
export const providerCatalog: readonly ProviderCatalogItem[] = [
  ...tests.map((test) => ({
    key: `test-${test.id}`,
    productCode: 'base-quiz' as const,
    testId: test.id,
    title: test.title,
    priceCents: getProduct('base-quiz').priceCents,
  })),
  ...(['base-complete', 'food-allergy', 'food-sensitivity'] as const).map((code) => ({
    key: code,
    productCode: code,
    testId: null,
    title: getProduct(code).title,
    priceCents: getProduct(code).priceCents,
  })),
];

export function findCatalogItem(key: string): ProviderCatalogItem | undefined {
  return providerCatalog.find((item) => item.key === key);
}

/**
 * Who pays a clinic's order: the client pays the tests (`client`), or the tests plus the clinic's
 * own fee, shown to the client as a line of its own (`custom_fee`), or the clinic's saved card
 * pays and the client never sees a price (`clinic`).
 */
export const providerPayers = ['client', 'custom_fee', 'clinic'] as const;
export type ProviderPayer = (typeof providerPayers)[number];
export const providerPayerLabels: Record<ProviderPayer, string> = {
  client: 'Client pays',
  custom_fee: 'Client pays, plus your fee',
  clinic: 'Your clinic pays (saved card)',
};

/** What the client reads where a price would be, on an order the clinic paid. */
export const paidByClinicLabel = (clinicName: string) => `Paid by ${clinicName}`;

/** A clinic's fee on one order: up to $500, never hidden in the tests' prices. */
export const CLINIC_FEE_MAX_CENTS = 50_000;

/** The fee's line as the client sees it, on the pay page, the order and the receipt. */
export const clinicFeeLabel = (clinicName: string) => `Interpretation fee — ${clinicName}`;

/**
 * What the clinic sees of an order: a client's pay link is sent, opened, paid, expired or
 * cancelled; an order the clinic pays is paid, or waits on its card (declined, or the bank wants
 * the card's holder), or is cancelled.
 */
export const payLinkStates = ['sent', 'opened', 'paid', 'expired', 'cancelled', 'card_declined', 'needs_card_holder'] as const;
export type PayLinkState = (typeof payLinkStates)[number];
export const payLinkStateLabels: Record<PayLinkState, string> = {
  sent: 'Sent',
  opened: 'Opened',
  paid: 'Paid',
  expired: 'Expired',
  cancelled: 'Cancelled',
  card_declined: 'Card declined',
  needs_card_holder: 'Needs the card holder',
};

export const providerOrderMessages = {
  client: 'Please choose one of your clients',
  items: 'Please choose at least one test',
  unknownItem: 'Please choose tests from the provider test catalog',
  linkInvalid: 'This payment link is not valid. Please ask your practitioner to send it again.',
  linkCancelled: 'This payment link was cancelled by your practitioner. Please ask them if you should pay another way.',
  linkExpired: 'This payment link has expired. Please ask your practitioner to send it again.',
  linkPaid: 'This order is already paid. Thank you!',
  wrongAccount: 'This order is for another e-mail address. Please sign out and open the link again.',
  alreadyPaid: 'This order is already paid.',
  notOpen: 'This order’s payment link is no longer open.',
  paying: 'Your client is paying this order right now. Please try again in a minute.',
  feeBounds: 'Please enter a fee from $0.00 to $500.00',
  feeOnlyWithCustomFee: 'A fee can only be added when the client pays your fee',
  clinicCardMissing: 'Your clinic has no card yet. An admin can add one in Settings, under Clinic card.',
  clinicCardDeclined:
    'The clinic’s card was declined, so nothing was ordered. An admin can update the card in Settings, then try again from the order.',
  clinicCardNeedsHolder:
    'The clinic’s bank asks the card’s holder to approve this payment, so nothing was ordered yet. An admin can save the card again in Settings, then try again, or cancel the order.',
  clinicLinkExpired:
    'This link has expired. Your order is in your account: sign in, or choose a new password from “Forgot your password?”.',
  clinicPaidNoLink: 'Your clinic pays this order: it has no payment link to send again or mark paid.',
  clinicOrderNotPaid: 'This order is not paid yet: its e-mail goes to your client once your clinic’s card is charged.',
  clinicOrderEnded: 'This order was refunded or cancelled: there is no e-mail to send again.',
  payLinkNoClientEmail: 'Your client pays this order through its link: send the link again instead.',
  notClinicPaid: 'Only an order your clinic pays can be charged to the clinic’s card.',
  clinicPaidRefund: 'A clinician reviews every order before the tests are made. If they decline it, your clinic is refunded in full.',
  declineRefund:
    'A clinician reviews every order before the tests are made. If they decline it, everything you paid is refunded to your card.',
  declineRefundWithFee:
    'A clinician reviews every order before the tests are made. If they decline it, everything you paid is refunded to your card, your clinic’s fee included.',
} as const;

const providerOrderFields = {
  clientId: z.string({ error: providerOrderMessages.client }).min(1, { error: providerOrderMessages.client }).max(64),
  payer: z.enum(providerPayers, { error: 'Please choose who pays' }).default('client'),
  items: z
    .array(z.string().max(40), { error: providerOrderMessages.items })
    .min(1, { error: providerOrderMessages.items })
    .max(providerCatalog.length, { error: providerOrderMessages.unknownItem })
    .refine((keys) => keys.every((key) => findCatalogItem(key) !== undefined), { error: providerOrderMessages.unknownItem })
    .refine((keys) => new Set(keys).size === keys.length, { error: providerOrderMessages.unknownItem }),
  /** the clinic's fee in cents, with `custom_fee` only */
  feeCents: z
    .number({ error: providerOrderMessages.feeBounds })
    .int({ error: providerOrderMessages.feeBounds })
    .min(0, { error: providerOrderMessages.feeBounds })
    .max(CLINIC_FEE_MAX_CENTS, { error: providerOrderMessages.feeBounds })
    .optional(),
};

/** A fee is typed with `custom_fee`, and only then. */
const feeTyped = (form: { payer: ProviderPayer; feeCents?: number | undefined }) =>
  form.payer !== 'custom_fee' || form.feeCents !== undefined;
const feeOnlyWithCustomFee = (form: { payer: ProviderPayer; feeCents?: number | undefined }) =>
  form.payer === 'custom_fee' || !form.feeCents;

export const providerOrderSchema = z
  .strictObject(providerOrderFields)
  .refine(feeTyped, { error: providerOrderMessages.feeBounds, path: ['feeCents'] })
  .refine(feeOnlyWithCustomFee, { error: providerOrderMessages.feeOnlyWithCustomFee, path: ['feeCents'] });
export type ProviderOrderForm = z.infer<typeof providerOrderSchema>;

export const providerDraftMessages = {
  practitioner: 'Please choose the practitioner who sends this order',
  notAssigned: 'This client is assigned to another practitioner. Please choose them, or ask an admin to assign the client.',
  notYours: 'This draft waits for another practitioner.',
  closed: 'This draft was already sent or discarded.',
  note: 'Please keep the note under 500 characters',
  missing: 'We could not find this draft.',
} as const;

/**
 * An order a staff member drafts for a practitioner to send: the order's own fields, the
 * practitioner (a member who orders: a practitioner or an admin) and a note for them.
 */
export const providerOrderDraftSchema = z
  .strictObject({
    ...providerOrderFields,
    practitionerMemberId: z
      .string({ error: providerDraftMessages.practitioner })
      .min(1, { error: providerDraftMessages.practitioner })
      .max(64, { error: providerDraftMessages.practitioner }),
    note: z.string().trim().max(500, { error: providerDraftMessages.note }).optional(),
  })
  .refine(feeTyped, { error: providerOrderMessages.feeBounds, path: ['feeCents'] })
  .refine(feeOnlyWithCustomFee, { error: providerOrderMessages.feeOnlyWithCustomFee, path: ['feeCents'] });
export type ProviderOrderDraftForm = z.infer<typeof providerOrderDraftSchema>;
