import { z } from 'zod';
import { areaSlugs, getArea, type AreaSlug } from '../catalog/areas.ts';
import { completeBundleTestIds } from '../catalog/kits.ts';
import { getProduct, type GiftType, type ProductCode } from '../catalog/products.ts';
import { isAdult } from '../eligibility/eligibility.ts';
import { collectionRefusal, orderRefusal } from '../eligibility/states.ts';
import { stateOfZip } from '../eligibility/zip-states.ts';
import { messages } from '../errors/api-error.ts';
import { isRealIsoDate } from '../quiz/answers.ts';
import { starterTestForArea } from '../quiz/engine.ts';
import { giftMessages } from './messages.ts';
import type { GiftContents } from './rules.ts';
import { giftShippingSchema } from './schemas.ts';
import { consentKinds, type ConsentKind } from '../consents/consents.ts';

/** What the recipient picks from the gift: one of its areas (that area's starter test) or the Complete bundle. */
export type RedemptionChoice = { kind: 'area'; area: AreaSlug } | { kind: 'complete' };

/** One choice as the redemption page lists it. */
export interface GiftOption {
  choice: RedemptionChoice;
  /** the area's name, or "Complete bundle" */
  label: string;
  /** the test it sends: the area's starter test, or the bundle's tests */
  testTitle: string;
  description: string;
}

/** The choices a gift offers: each of its areas, or the Complete bundle alone. */
export function giftOptions(contents: GiftContents): GiftOption[] {
  if (contents.kind === 'complete') {
    return [
      {
        choice: { kind: 'complete' },
        label: getProduct('base-complete').title,
        testTitle: `All ${completeBundleTestIds.length} tests`,
        description: getProduct('base-complete').description,
      },
    ];
  }
  return contents.areas.map((area) => {
    const test = starterTestForArea(area);
    return { choice: { kind: 'area', area }, label: getArea(area).name, testTitle: test.title, description: test.overview };
  });
}

/** Whether the recipient's choice is one the gift holds. */
export function isChoiceInGift(contents: GiftContents, choice: RedemptionChoice): boolean {
  if (choice.kind === 'complete') return contents.kind === 'complete';
  return contents.kind === 'areas' && contents.areas.includes(choice.area);
}

/** A line of the order a redemption makes: the purchaser paid, so every line is $0. */
export interface RedemptionLine {
  productCode: ProductCode;
  testId: number | null;
  title: string;
  unitPriceCents: 0;
  quantity: 1;
  /** the program follows the results, as in a bought order; nothing is charged for it */
  charge: 'now' | 'on_results';
}

const GIFT_SUFFIX = ' (gift)';

/**
 * The order a redemption makes: the chosen test, or the Complete bundle, and for an
 * improvement_program gift the program that follows it, each at $0 and marked as a gift. The
 * program line makes the order start the program when its results arrive, with nothing to charge.
 */
export function redemptionLines(type: GiftType, choice: RedemptionChoice): RedemptionLine[] {
  const lines: RedemptionLine[] = [];
  if (choice.kind === 'complete') {
    lines.push({
      productCode: 'base-complete',
      testId: null,
      title: `${getProduct('base-complete').title}${GIFT_SUFFIX}`,
      unitPriceCents: 0,
      quantity: 1,
      charge: 'now',
    });
  } else {
    const test = starterTestForArea(choice.area);
    lines.push({
      productCode: 'base-quiz',
      testId: test.id,
      title: `${test.title}${GIFT_SUFFIX}`,
      unitPriceCents: 0,
      quantity: 1,
      charge: 'now',
    });
  }
  if (type === 'improvement_program') {
    const program: ProductCode = choice.kind === 'complete' ? 'base-complete-improvement-plan' : 'base-improvement-plan';
    lines.push({
      productCode: program,
      testId: null,
      title: `${getProduct('base-improvement-plan').title}${GIFT_SUFFIX}`,
      unitPriceCents: 0,
      quantity: 1,
      charge: 'on_results',
    });
  }
  return lines;
}

export const collectionMethods = ['home', 'lab'] as const;
export type CollectionMethod = (typeof collectionMethods)[number];

export const redemptionChoiceSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('area'), area: z.enum(areaSlugs, { error: giftMessages.chooseTest }) }),
    z.strictObject({ kind: z.literal('complete') }),
  ],
  { error: giftMessages.chooseTest },
);

/**
 * The redemption form (`/checkout-gift-receiver`): the code, the test chosen, the date of birth of
 * the person tested, how they give their sample, and the gift shipping form of §3. The same
 * schema checks it in the browser and on the server; eligibility is `redemptionEligibility`.
 */
export const giftRedemptionSchema = z.strictObject({
  code: z.string({ error: giftMessages.code }).trim().min(1, { error: giftMessages.code }).max(64, { error: giftMessages.codeInvalid }),
  choice: redemptionChoiceSchema,
  dateOfBirth: z
    .string({ error: giftMessages.dateOfBirth })
    .trim()
    .refine((value) => isRealIsoDate(value) && value > '1900-01-01', { error: giftMessages.dateOfBirth }),
  collection: z.enum(collectionMethods, { error: 'Please choose At-home Delivery or Lab Pick-Up' }).default('home'),
  shipping: giftShippingSchema,
  // the consents the recipient gave on the redeem form: a gift is a test, so the lab's release of
  // its results to the shop (hipaa_authorization) is required (docs/decisions/0069-consents-the-api-records.md)
  consents: z.array(z.enum(consentKinds)).max(consentKinds.length).default([]),
});

/** What a redeemed gift needs the recipient to agree to: the lab's release of their results. */
export const giftRedemptionConsents: readonly ConsentKind[] = ['hipaa_authorization'];
export type GiftRedemption = z.infer<typeof giftRedemptionSchema>;

export type EligibilityResult =
  { ok: true } | { ok: false; code: 'UNDERAGE' | 'LAB_NOT_AVAILABLE' | 'HOME_KIT_NOT_IN_STATE' | 'NOT_SOLD_IN_STATE'; message: string };

/**
 * Who may be tested and where (§5), as the quiz and the collection choice apply it: the person
 * tested is 18 or older on `today`, and the sample is taken where the shop may sell the test
 * (`collectionRefusal`: no home kit to a state that refuses it, no partner lab in New York).
 */
export function redemptionEligibility(
  input: { dateOfBirth: string; collection: CollectionMethod; zipCode: string },
  today: Date,
): EligibilityResult {
  if (input.dateOfBirth > today.toISOString().slice(0, 10) || !isAdult(input.dateOfBirth, today)) {
    return { ok: false, code: 'UNDERAGE', message: messages.underage };
  }
  // the shipping ZIP is the recipient's: where the person tested lives, then where the sample is taken
  const state = stateOfZip(input.zipCode);
  const refusal = (state && orderRefusal(state, ['base-quiz'])) || collectionRefusal(input.zipCode, input.collection);
  if (refusal) return { ok: false, ...refusal };
  return { ok: true };
}

/** What the recipient learns of who gave it: the first name, never the rest. */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}
