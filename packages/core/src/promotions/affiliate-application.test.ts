import { describe, expect, it } from 'vitest';
import { affiliateApplicationMessages, affiliateApprovalSchema, affiliateApplicationSchema, splitCodes } from './affiliate-application.ts';

const approval = { banner: 'PODCAST: 20% off', heading: 'Listen to your body', intro: 'An at-home test and a plan that follows it.' };

describe('affiliate applications', () => {
  it('an approval’s codes are split on commas and spaces, normalised, and checked one by one', () => {
    expect(splitCodes(' pod-cast, Ness2  x_y ')).toEqual(['pod-cast', 'Ness2', 'x_y']);
    const parsed = affiliateApprovalSchema.parse({ ...approval, codes: 'podcast20, Pod_21', commissionPercent: '15' });
    expect(parsed.codes).toEqual(['PODCAST20', 'POD_21']);
    expect(parsed.commissionPercent).toBe(15);
  });

  it('refuses no code, a malformed code, the same code twice and a commission out of range, with the form’s words', () => {
    const error = (input: Record<string, unknown>) =>
      affiliateApprovalSchema.safeParse({ ...approval, commissionPercent: 15, ...input }).error;
    expect(error({ codes: '' })?.issues[0]?.message).toBe(affiliateApplicationMessages.codes);
    expect(error({ codes: 'ok1, no!' })?.issues[0]?.message).toBe(affiliateApplicationMessages.codes);
    expect(error({ codes: 'a,b,c,d,e,f'.replaceAll(/([a-f])/g, '$1$1$1') })?.issues[0]?.message).toBe(affiliateApplicationMessages.codes);
    expect(error({ codes: 'ness3, NESS3' })?.issues[0]?.message).toBe(affiliateApplicationMessages.codeRepeated);
    expect(error({ codes: 'ness3', commissionPercent: 0 })?.issues[0]?.message).toBe(affiliateApplicationMessages.commission);
    expect(error({ codes: 'ness3', commissionPercent: 12.5 })?.issues[0]?.message).toBe(affiliateApplicationMessages.commission);
  });

  it('an application needs a name, a strong password, an audience and a sentence on promotion', () => {
    const result = affiliateApplicationSchema.safeParse({
      name: 'A',
      email: 'x@example.com',
      password: 'short',
      website: '',
      promotion: 'ok',
    });
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]));
    expect(messages).toMatchObject({
      name: affiliateApplicationMessages.name,
      website: affiliateApplicationMessages.website,
      promotion: affiliateApplicationMessages.promotion,
    });
    expect(messages.password).toMatch(/at least 8 characters/);
  });
});
