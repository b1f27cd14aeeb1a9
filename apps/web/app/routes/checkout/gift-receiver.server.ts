import { data, redirect, type ActionFunctionArgs } from 'react-router';
import {
  consentTexts,
  giftMessages,
  giftRedemptionConsents,
  giftRedemptionSchema,
  messages,
  missingConsents,
  normalizeGiftCode,
  redemptionEligibility,
  type RedemptionChoice,
} from '@shop/core';
import type { ApiClient, GiftView } from '@shop/client';
import { isApiError } from '@shop/client/errors';
import { readAccountStep } from '../../components/checkout/account-check';
import { GIFT_CODE_FORM, GIFT_REDEEM_FORM, type GiftAnswer } from '../../components/checkout/forms';
import { messageOf } from '../../lib/errors';
import { actionApi, formText, typedValues } from '../../lib/form.server';

/**
 * What a typed code opens: the gift, or why not in the recipient's words. What cannot be a code
 * is answered here, as the API would answer it, without spending one of the address's tries.
 */
export async function giftOfCode(api: ApiClient, typed: string): Promise<{ gift: GiftView } | { refusal: string }> {
  if (typed.trim() === '') return { refusal: giftMessages.code };
  if (!normalizeGiftCode(typed)) return { refusal: giftMessages.codeInvalid };
  try {
    return { gift: await api.checkGift(typed) };
  } catch (error) {
    return { refusal: messageOf(error, messages.checkoutFailed) };
  }
}

/**
 * The gift recipient's page has two forms: the code, checked at once (what the gift holds, from
 * whom), and the redemption, which makes the account when needed and the $0 order, then leads to
 * the order's page. A refused redemption comes back with its gift, to fix and send again.
 */
export async function giftReceiverAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const { api, cookies } = actionApi(request, context);
  const code = formText(form, 'code').trim();
  if (formText(form, '_form') !== GIFT_REDEEM_FORM) {
    const found = await giftOfCode(api, code);
    if ('refusal' in found) {
      return data<GiftAnswer>(
        { ok: false, form: GIFT_CODE_FORM, errors: { code: found.refusal }, values: { code }, code },
        { status: 400, headers: cookies },
      );
    }
    return data<GiftAnswer>({ ok: true, form: GIFT_CODE_FORM, message: '', gift: found.gift, code }, { headers: cookies });
  }

  const session = await api.session().catch(() => null);
  let signedIn: { email: string } | null = session?.user ?? null;
  const refuse = async (errors: Record<string, string>, message?: string) => {
    // a refused code goes back to the first step, without its gift; anything else keeps it, to fix the rest
    const found = errors.code ? undefined : await giftOfCode(api, code);
    const gift = found && 'gift' in found ? found.gift : undefined;
    if (found && 'refusal' in found) errors = { code: found.refusal };
    return data<GiftAnswer>(
      {
        ok: false,
        form: GIFT_REDEEM_FORM,
        errors,
        message,
        values: typedValues(form, ['password']),
        code,
        gift,
        signedIn: signedIn ?? undefined,
      },
      { status: 400, headers: cookies },
    );
  };

  const errors: Record<string, string> = {};
  const account = readAccountStep(form, signedIn, errors);
  const redemption = readRedemption(form, code);
  if (!redemption.success) Object.assign(errors, redemptionErrors(redemption.error.issues));
  else {
    const { dateOfBirth, collection, shipping } = redemption.data;
    const eligible = redemptionEligibility({ dateOfBirth, collection, zipCode: shipping.zipCode }, new Date());
    if (!eligible.ok) errors[eligible.code === 'UNDERAGE' ? 'dateOfBirth' : 'collection'] = eligible.message;
    for (const kind of missingConsents(giftRedemptionConsents, redemption.data.consents))
      errors[consentTexts[kind].field] = consentTexts[kind].missing;
  }
  if (!redemption.success || Object.keys(errors).length > 0) return refuse(errors);

  try {
    if (account) signedIn = (await api.checkoutAccount(account)).user;
    // a new key each time: a second sending by the same recipient gets the order the first one made
    const { order } = await api.redeemGift(redemption.data, crypto.randomUUID());
    return redirect(`/account/orders/${order.id}`, { headers: cookies });
  } catch (error) {
    const message = messageOf(error, messages.checkoutFailed);
    const field = isApiError(error) ? fieldOf(error.code) : undefined;
    return field ? refuse({ [field]: message }) : refuse({}, message);
  }
}

const choiceFrom = (value: string): RedemptionChoice | undefined =>
  value === 'complete' ? { kind: 'complete' } : value ? ({ kind: 'area', area: value } as RedemptionChoice) : undefined;

function readRedemption(form: FormData, code: string) {
  const text = (name: string) => formText(form, name);
  return giftRedemptionSchema.safeParse({
    code,
    choice: choiceFrom(text('choice')),
    dateOfBirth: text('dateOfBirth'),
    collection: text('collection') || undefined,
    shipping: {
      fullName: text('fullName'),
      email: text('shippingEmail'),
      shippingAddress: text('shippingAddress'),
      apartmentNumber: text('apartmentNumber'),
      city: text('city'),
      zipCode: text('zipCode'),
    },
    consents: giftRedemptionConsents.filter((kind) => form.get(consentTexts[kind].field) === 'on'),
  });
}

/** The redemption form's errors, each under its field: the shipping form's e-mail is `shippingEmail` here. */
function redemptionErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const [first, second] = issue.path.map(String);
    const field = first === 'shipping' ? (second === 'email' ? 'shippingEmail' : second) : first;
    if (field) errors[field] ??= issue.message;
  }
  return errors;
}

/** The field an API refusal is about, where the recipient fixes it; a refused code is the first step's. */
function fieldOf(code: string): string | undefined {
  if (code === 'EMAIL_REJECTED') return 'email';
  if (code === 'PASSWORD_TOO_SHORT') return 'password';
  if (code === 'UNDERAGE') return 'dateOfBirth';
  if (code === 'LAB_NOT_AVAILABLE' || code === 'HOME_KIT_NOT_IN_STATE') return 'collection';
  // where the recipient lives: said under the ZIP code, where they would change it
  if (code === 'NOT_SOLD_IN_STATE') return 'zipCode';
  if (code === 'GIFT_CHOICE_NOT_IN_GIFT') return 'choice';
  if (code.startsWith('GIFT_')) return 'code';
  return undefined;
}
