import { describe, expect, it } from 'vitest';
import { checkoutAccountSchema, collectionChoiceSchema } from './schemas.ts';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues[0]?.message;
}

describe('checkout account', () => {
  it('accepts an email and a password', () => {
    expect(checkoutAccountSchema.parse({ email: ' Ann@Example.com ', password: 'x' })).toEqual({
      email: 'Ann@Example.com',
      password: 'x',
    });
  });

  it.each([
    [{ email: 'not-an-email', password: 'x' }, 'Please enter a valid email'],
    [{ email: '', password: 'x' }, 'Please enter a valid email'],
    [{ email: `${'a'.repeat(250)}@example.com`, password: 'x' }, 'Please enter a valid email'],
    [{ email: 'ann@example.com', password: '' }, 'Please enter password'],
    [{ email: 'ann@example.com' }, 'Please enter password'],
  ])('%j says %s', (input, message) => {
    expect(firstMessage(checkoutAccountSchema.safeParse(input))).toBe(message);
  });

  it('refuses unknown fields', () => {
    expect(checkoutAccountSchema.safeParse({ email: 'a@b.co', password: 'x', role: 'operator' }).success).toBe(false);
  });
});

describe('collection choice', () => {
  const home = {
    method: 'home',
    fullName: 'Ann Lee',
    shippingAddress: '1 Main St',
    city: 'Austin',
    zipCode: '73301',
  };

  it('accepts a home kit address without apartment or phone', () => {
    expect(collectionChoiceSchema.parse(home)).toMatchObject({ apartmentNumber: '', phone: '' });
  });

  it.each([
    ['fullName', '', 'Enter a valid name or send us a message'],
    ['city', ' ', 'Enter a valid city or send us a message'],
    ['shippingAddress', '', 'Enter a valid shipping address'],
    ['zipCode', '1234', 'Enter a valid zipcode or send us a message'],
  ])('a bad %s says the specification message', (field, value, message) => {
    expect(firstMessage(collectionChoiceSchema.safeParse({ ...home, [field]: value }))).toBe(message);
  });

  it('accepts a lab choice by zip code', () => {
    expect(collectionChoiceSchema.parse({ method: 'lab', zipCode: '94103', labLocationId: 'lab-sf' })).toEqual({
      method: 'lab',
      zipCode: '94103',
      labLocationId: 'lab-sf',
    });
  });
});
