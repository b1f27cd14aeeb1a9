import { describe, expect, it } from 'vitest';
import { isStrongPassword, newPasswordSchema, passwordMessages } from './password.ts';

describe('password rule', () => {
  it.each([
    ['Sup3r-secret!', true],
    ['Aa1!aaaa', true],
    ['Aa1!aaa', false],
    ['sup3r-secret!', false],
    ['SUP3R-SECRET!', false],
    ['Super-secret!', false],
    ['Sup3rsecret', false],
  ])('%s is strong: %s', (password, strong) => {
    expect(isStrongPassword(password)).toBe(strong);
  });

  it('says when the two fields differ', () => {
    const result = newPasswordSchema.safeParse({ token: 't', password: 'Sup3r-secret!', confirmPassword: 'Sup3r-secret?' });
    expect(result.error?.issues[0]?.message).toBe(passwordMessages.mismatch);
  });

  it('says what a weak password lacks', () => {
    const result = newPasswordSchema.safeParse({ token: 't', password: 'password', confirmPassword: 'password' });
    expect(result.error?.issues[0]?.message).toBe(passwordMessages.rule);
  });
});
