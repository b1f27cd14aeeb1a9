import { describe, expect, it } from 'vitest';
import { formatGiftCode, giftCodeFromBytes, normalizeGiftCode } from './codes.ts';
import { giftMessages } from './messages.ts';
import { canAddGift, checkDeliveryDate, checkGiftContents, offersProgramLater } from './rules.ts';
import { giftDeliverySchema, giftShippingSchema } from './schemas.ts';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues[0]?.message;
}

describe('what a gift may contain (§5)', () => {
  it('takes up to five areas, or one Complete bundle', () => {
    expect(checkGiftContents({ areas: ['diet', 'sleep'], complete: false })).toEqual({
      ok: true,
      contents: { kind: 'areas', areas: ['diet', 'sleep'] },
    });
    expect(checkGiftContents({ areas: ['diet', 'stress', 'sleep', 'energy', 'sex-drive'], complete: false }).ok).toBe(true);
    expect(checkGiftContents({ areas: [], complete: true })).toEqual({ ok: true, contents: { kind: 'complete' } });
  });

  it.each([
    [{ areas: ['diet', 'stress', 'sleep', 'energy', 'sex-drive', 'diet'], complete: false }, giftMessages.tooManyAreas(5)],
    [{ areas: ['diet'], complete: true }, giftMessages.areasWithComplete],
    [{ areas: [], complete: false }, giftMessages.emptyGift],
    [{ areas: ['diet', 'diet'], complete: false }, giftMessages.repeatedArea],
    [{ areas: ['mood'], complete: false }, giftMessages.unknownArea],
  ])('refuses %j', (choice, message) => {
    expect(checkGiftContents(choice)).toEqual({ ok: false, message });
  });

  it('allows one gift purchase per transaction', () => {
    expect(canAddGift(0)).toEqual({ ok: true });
    expect(canAddGift(1)).toEqual({ ok: false, message: giftMessages.oneGiftPerTransaction });
  });

  it('offers the program later only to one-off recipients', () => {
    expect(offersProgramLater('one_off')).toBe(true);
    expect(offersProgramLater('improvement_program')).toBe(false);
  });
});

describe('the delivery date', () => {
  const today = '2026-11-23';
  it('sends today at once and a later date on its day', () => {
    expect(checkDeliveryDate('2026-11-23', today)).toEqual({ ok: true, sendNow: true });
    expect(checkDeliveryDate('2026-12-24', today)).toEqual({ ok: true, sendNow: false });
  });
  it.each([
    ['2026-11-22', giftMessages.pastDate],
    ['2027-11-24', giftMessages.farDate],
    ['2026-02-30', giftMessages.date],
    ['23/11/2026', giftMessages.date],
    ['', giftMessages.date],
  ])('refuses %s', (date, message) => {
    expect(checkDeliveryDate(date, today)).toEqual({ ok: false, message });
  });
});

describe('the gift delivery form', () => {
  const valid = {
    purchaserName: 'Dana Wu',
    purchaserEmail: 'dana@example.com',
    recipientName: 'Sam Wu',
    recipientEmail: 'sam@example.com',
    deliveryDate: '2026-12-24',
    message: 'Happy holidays, Sam! Take care of yourself & enjoy.',
  };
  it('takes a complete form and keeps the message as typed', () => {
    const parsed = giftDeliverySchema.parse(valid);
    expect(parsed.message).toBe(valid.message);
  });
  it.each([
    [{ recipientEmail: 'sam at example' }, giftMessages.email],
    [{ purchaserEmail: '' }, giftMessages.email],
    [{ deliveryDate: '' }, giftMessages.date],
    [{ recipientName: '  ' }, giftMessages.name],
    [{ message: 'Hi <script>alert(1)</script>' }, giftMessages.messageMarkup],
    [{ message: '<b>Hi</b>' }, giftMessages.messageMarkup],
    [{ message: 'Hi &lt;3' }, giftMessages.messageMarkup],
    [{ message: 'x'.repeat(501) }, giftMessages.messageLength(500)],
  ])('refuses %j', (change, message) => {
    expect(firstMessage(giftDeliverySchema.safeParse({ ...valid, ...change }))).toBe(message);
  });
  it('lets a message say "3 < 5" in words that are not markup', () => {
    expect(giftDeliverySchema.safeParse({ ...valid, message: 'Results in 3 < 5 days, love you <3' }).success).toBe(true);
  });
});

describe('the gift shipping form', () => {
  const valid = {
    fullName: 'Sam Wu',
    email: 'sam@example.com',
    shippingAddress: '1 Main St',
    apartmentNumber: '',
    city: 'Austin',
    zipCode: '78701',
  };
  it('takes a complete address', () => {
    expect(giftShippingSchema.safeParse(valid).success).toBe(true);
  });
  it.each([
    [{ email: 'sam@' }, giftMessages.shippingEmail],
    [{ zipCode: '7870' }, giftMessages.shippingZip],
    [{ city: '' }, giftMessages.shippingFields],
    [{ fullName: ' ' }, giftMessages.shippingFields],
    [{ shippingAddress: undefined }, giftMessages.shippingFields],
  ])('refuses %j', (change, message) => {
    expect(firstMessage(giftShippingSchema.safeParse({ ...valid, ...change }))).toBe(message);
  });
});

describe('gift codes', () => {
  it('spends 80 bits on 16 symbols', () => {
    expect(giftCodeFromBytes(new Uint8Array(10))).toBe('0000000000000000');
    expect(giftCodeFromBytes(new Uint8Array(10).fill(255))).toBe('ZZZZZZZZZZZZZZZZ');
    const code = giftCodeFromBytes(Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]));
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
    expect(() => giftCodeFromBytes(new Uint8Array(8))).toThrow();
  });
  it('reads a code however it was typed', () => {
    const code = giftCodeFromBytes(Uint8Array.from([200, 17, 3, 99, 250, 6, 7, 128, 9, 10]));
    const shown = formatGiftCode(code);
    expect(shown).toMatch(/^.{4}-.{4}-.{4}-.{4}$/);
    expect(normalizeGiftCode(shown.toLowerCase())).toBe(code);
    expect(normalizeGiftCode(` ${shown.replaceAll('-', ' ')} `)).toBe(code);
    expect(normalizeGiftCode('O0IL-0000-0000-0000')).toBe('0011000000000000');
  });
  it('refuses what cannot be a code', () => {
    expect(normalizeGiftCode('ABCD-EFGH')).toBeUndefined();
    expect(normalizeGiftCode('UUUU-UUUU-UUUU-UUUU')).toBeUndefined();
    expect(normalizeGiftCode('')).toBeUndefined();
  });
});
