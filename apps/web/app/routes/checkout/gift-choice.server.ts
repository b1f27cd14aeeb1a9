import { data, redirect, type ActionFunctionArgs } from 'react-router';
import { checkGiftContents, giftTypes, type GiftType } from '@shop/core';
import { GIFT_FAILED_MESSAGE, GIFT_NO_TYPE_MESSAGE, type GiftChoiceAnswer } from '../../components/gifts/gift-choice-form';
import { messageOf } from '../../lib/errors';
import { actionApi, formText } from '../../lib/form.server';

/** A path of this site a form may ask to be sent on to (never another site's address). */
function localPath(value: string): string | undefined {
  return value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : undefined;
}

function isGiftType(value: string): value is GiftType {
  return (giftTypes as readonly string[]).includes(value);
}

/**
 * Puts the chosen gift in the cart (its type, and up to five areas or the Complete bundle), with
 * core's rules checked first, as the API checks them again. The gift pages send it here with or
 * without their script: the form names where to go next (`next`), and without the script the
 * page it came from (`back`), where a refused choice sends the visitor again. Without `next`, the
 * answer is the cart, for the page's script to show.
 */
export async function giftChoiceAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const type = formText(form, 'type');
  const complete = formText(form, 'complete') === 'yes';
  const areas = form.getAll('areas').filter((area): area is string => typeof area === 'string');
  const next = localPath(formText(form, 'next'));
  const back = localPath(formText(form, 'back'));
  const { api, cookies } = actionApi(request, context);
  const refuse = (message: string) =>
    back
      ? redirect(back, { headers: cookies })
      : data<GiftChoiceAnswer>({ ok: false, errors: {}, message }, { status: 400, headers: cookies });

  if (!isGiftType(type)) return refuse(GIFT_NO_TYPE_MESSAGE);
  const checked = checkGiftContents({ areas, complete });
  if (!checked.ok) return refuse(checked.message);
  try {
    const { cart } = await api.chooseGift({ type, areas: complete ? [] : areas, complete });
    if (next) return redirect(next, { headers: cookies });
    return data<GiftChoiceAnswer>({ ok: true, message: '', cart }, { headers: cookies });
  } catch (error) {
    return refuse(messageOf(error, GIFT_FAILED_MESSAGE));
  }
}
