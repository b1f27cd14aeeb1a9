import { describe, expect, it } from 'vitest';
import { revocationRefusal } from './admin-revocation.ts';
import {
  bankLevel,
  bankNoticeMessages,
  bankNoticeRule,
  capWords,
  coveredOrderCents,
  crossedLowLine,
  eligibilityInstructions,
  launchAnnouncement,
} from './launch-kit.ts';

describe('a prepaid bank’s low and empty levels', () => {
  it('measures one covered order by the group’s cover, with the program when it is covered too', () => {
    expect(coveredOrderCents({ coverCents: null, includesProgram: false })).toBe(7995);
    expect(coveredOrderCents({ coverCents: 5000, includesProgram: false })).toBe(5000);
    // a cover above the test's price never draws more than the test
    expect(coveredOrderCents({ coverCents: 50_000, includesProgram: false })).toBe(7995);
    expect(coveredOrderCents({ coverCents: null, includesProgram: true })).toBe(7995 + 14_005);
  });

  it('is empty below one covered order, low below three, and ok from three on', () => {
    expect(bankNoticeRule.lowBelowCoveredOrders).toBe(3);
    expect(bankLevel(0, 7995)).toBe('empty');
    expect(bankLevel(7994, 7995)).toBe('empty');
    expect(bankLevel(7995, 7995)).toBe('low');
    expect(bankLevel(3 * 7995 - 1, 7995)).toBe('low');
    expect(bankLevel(3 * 7995, 7995)).toBe('ok');
  });

  it('counts a crossing only for the move from ok to below the line, never for a move already below it', () => {
    expect(crossedLowLine(3 * 7995, 2 * 7995, 7995)).toBe(true);
    // from ok straight to empty is one crossing too
    expect(crossedLowLine(3 * 7995, 0, 7995)).toBe(true);
    expect(crossedLowLine(2 * 7995, 7995, 7995)).toBe(false);
    expect(crossedLowLine(5 * 7995, 4 * 7995, 7995)).toBe(false);
  });

  it('words its notices without an employee, a test or an amount', () => {
    const words = [bankNoticeMessages.low('Acme'), bankNoticeMessages.empty('Acme'), bankNoticeMessages.lowBanner].join(' ');
    expect(words).not.toMatch(/\$\d/);
    expect(words).toContain('3 employees’ covered tests');
  });
});

describe('the launch kit’s texts', () => {
  const kit = {
    groupName: 'Acme',
    link: 'https://shop.test/b2b/acme',
    cover: 'Your employer covers one lab test',
    goals: [{ title: 'Fatigue', starterTest: 'Focus' }],
    planYearStart: '2026-01-01',
    planYearEnd: '2026-12-31',
    eligibility: 'domain' as const,
    emailDomains: ['acme.com', 'acme.co.uk'],
  };

  it('announces the link, the cover, the goals, how to prove eligibility and the plan year’s end', () => {
    const { subject, body } = launchAnnouncement(kit);
    expect(subject).toBe('Your health benefit with Acme');
    expect(body).toContain('Start here: https://shop.test/b2b/acme');
    expect(body).toContain('we cover one lab test for the goal you choose');
    expect(body).toContain('- Fatigue: Focus');
    expect(body).toContain('@acme.com or @acme.co.uk');
    expect(body).toContain('December 31, 2026');
  });

  it('tells each eligibility method its own way', () => {
    expect(eligibilityInstructions('code', [])).toMatch(/eligibility code/);
    expect(eligibilityInstructions('census', [])).toMatch(/date of birth/);
  });

  it('words the caps, or nothing without one', () => {
    expect(capWords(null, null)).toBeNull();
    expect(capWords(50, 400_000)).toBe('Covered for the first 50 employees, and up to $4,000.00 in all this plan year.');
  });
});

describe('revoking an employer admin', () => {
  it('always lets an open invitation go', () => {
    expect(revocationRefusal({ accepted: false, userId: null }, 'me', 1)).toBeNull();
  });

  it('never removes the actor, nor the last admin', () => {
    expect(revocationRefusal({ accepted: true, userId: 'me' }, 'me', 3)).toBe('self');
    expect(revocationRefusal({ accepted: true, userId: 'other' }, 'me', 1)).toBe('lastAdmin');
    // an operator (no admin of the group) is held by the last-admin rule alone
    expect(revocationRefusal({ accepted: true, userId: 'other' }, null, 1)).toBe('lastAdmin');
    expect(revocationRefusal({ accepted: true, userId: 'other' }, 'me', 2)).toBeNull();
  });
});
