import { describe, expect, it } from 'vitest';
import { asksForSupport } from './asks-for-support.ts';
import { acceptInvitationSchema, contactFormSchema, sentTooFast, staffInvitationSchema, supportCopy } from './index.ts';

const message = { subject: 'Fasting', body: 'Do I need to fast before the test?', startedAt: '1700000000000' };
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('the contact form', () => {
  it('takes a message with the time the form was shown, and an empty hidden field by default', () => {
    expect(contactFormSchema.parse(message)).toMatchObject({ topic: 'general', website: '', startedAt: 1700000000000 });
  });

  it('refuses a message of a few characters, one too long, and one with more than three links', () => {
    expect(firstMessage(contactFormSchema.safeParse({ ...message, body: 'Hi' }))).toBe(supportCopy.bodyShort);
    expect(firstMessage(contactFormSchema.safeParse({ ...message, body: 'x'.repeat(5001) }))).toBe(supportCopy.bodyLong);
    const links = 'See https://a.example https://b.example www.c.example and http://d.example';
    expect(firstMessage(contactFormSchema.safeParse({ ...message, body: links }))).toBe(supportCopy.tooManyLinks);
  });

  it('tells a form sent within 3 seconds of being shown from one a person wrote', () => {
    expect(sentTooFast(10_000, 12_999)).toBe(true);
    expect(sentTooFast(10_000, 13_000)).toBe(false);
  });
});

describe('the messages that send people to support', () => {
  it.each([
    ['We are sorry something happened. Please try again or send us a message.', true],
    ['Enter a valid city or send us a message', true],
    ['You have selected: Lab Pick-Up. This choice can only be changed by messaging support.', true],
    ['Enter a valid shipping address', false],
    [undefined, false],
  ])('%s: %s', (text, expected) => {
    expect(asksForSupport(text)).toBe(expected);
  });
});

describe('staff invitations', () => {
  it('invite one of the team’s roles, never a customer', () => {
    expect(staffInvitationSchema.safeParse({ email: 'rosa@example.com', name: 'Rosa Diaz', role: 'clinician' }).success).toBe(true);
    expect(staffInvitationSchema.safeParse({ email: 'rosa@example.com', name: 'Rosa Diaz', role: 'customer' }).success).toBe(false);
  });

  it('ask for a strong password, twice the same', () => {
    expect(
      acceptInvitationSchema.safeParse({ token: 't', password: 'Clinic-passw0rd!', confirmPassword: 'Clinic-passw0rd!' }).success,
    ).toBe(true);
    expect(acceptInvitationSchema.safeParse({ token: 't', password: 'short', confirmPassword: 'short' }).success).toBe(false);
    expect(
      acceptInvitationSchema.safeParse({ token: 't', password: 'Clinic-passw0rd!', confirmPassword: 'Clinic-passw0rd?' }).success,
    ).toBe(false);
  });
});
