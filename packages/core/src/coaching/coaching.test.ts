import { describe, expect, it } from 'vitest';
import {
  bookingRefusal,
  buildInvitation,
  changeRefusal,
  coachingMessages,
  coachingSessionsOf,
  coachingSlotFormSchema,
  easternDate,
  escapeIcsText,
  foldIcsLine,
  formatEastern,
  fromEastern,
  slotRefusal,
} from './index.ts';

const now = new Date('2026-11-30T12:00:00Z');
const hours = (n: number) => new Date(now.getTime() + n * 3600_000);

describe('the 24-hour rule', () => {
  it('lets a member book, move or cancel 24 hours ahead or more, not later', () => {
    expect(changeRefusal(hours(24), now)).toBeNull();
    expect(changeRefusal(hours(23.99), now)).toBe(coachingMessages.tooLate);
    expect(bookingRefusal({ startsAt: hours(48), endsAt: hours(48.5) }, now)).toBeNull();
    expect(bookingRefusal({ startsAt: hours(2), endsAt: hours(2.5) }, now)).toBe(coachingMessages.bookTooLate);
  });

  it('says a past slot has passed', () => {
    expect(bookingRefusal({ startsAt: hours(-1), endsAt: hours(-0.5) }, now)).toBe(coachingMessages.slotInPast);
  });
});

describe('a new slot', () => {
  const existing = [{ startsAt: hours(48), endsAt: hours(48.5) }];

  it('is in the future, 15 to 120 minutes long', () => {
    expect(slotRefusal({ startsAt: hours(72), minutes: 30 }, existing, now)).toBeNull();
    expect(slotRefusal({ startsAt: hours(-1), minutes: 30 }, [], now)).toBe(coachingMessages.slotInPast);
    expect(slotRefusal({ startsAt: hours(72), minutes: 10 }, [], now)).toBe(coachingMessages.slotLength);
    expect(slotRefusal({ startsAt: hours(72), minutes: 121 }, [], now)).toBe(coachingMessages.slotLength);
    expect(slotRefusal({ startsAt: hours(72), minutes: 120 }, [], now)).toBeNull();
  });

  it('overlaps none of the coach’s own, and may touch them', () => {
    expect(slotRefusal({ startsAt: hours(47.75), minutes: 30 }, existing, now)).toBe(coachingMessages.slotOverlap);
    expect(slotRefusal({ startsAt: hours(48.25), minutes: 15 }, existing, now)).toBe(coachingMessages.slotOverlap);
    expect(slotRefusal({ startsAt: hours(47.5), minutes: 30 }, existing, now)).toBeNull();
    expect(slotRefusal({ startsAt: hours(48.5), minutes: 30 }, existing, now)).toBeNull();
  });

  it('is typed as a day, a time and a length', () => {
    expect(coachingSlotFormSchema.safeParse({ date: '2026-12-01', time: '10:00', minutes: '30' }).success).toBe(true);
    const refused = coachingSlotFormSchema.safeParse({ date: '2026-12-01', time: '10:00', minutes: '5' });
    expect(refused.error?.issues[0]?.message).toBe(coachingMessages.slotLength);
  });
});

describe('Eastern time', () => {
  it('tells people the day and time with its zone', () => {
    expect(formatEastern(new Date('2026-12-01T15:00:00Z'))).toBe('Tuesday, December 1, 2026, 10:00 AM ET');
    expect(formatEastern(new Date('2026-07-01T16:30:00Z'))).toBe('Wednesday, July 1, 2026, 12:30 PM ET');
  });

  it('reads a wall-clock time in winter and in summer', () => {
    expect(fromEastern('2026-12-01', '10:00')?.toISOString()).toBe('2026-12-01T15:00:00.000Z');
    expect(fromEastern('2026-07-01', '10:00')?.toISOString()).toBe('2026-07-01T14:00:00.000Z');
    // the days clocks change
    expect(fromEastern('2026-03-08', '01:30')?.toISOString()).toBe('2026-03-08T06:30:00.000Z');
    expect(fromEastern('2026-03-08', '03:30')?.toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(fromEastern('2026-11-01', '03:00')?.toISOString()).toBe('2026-11-01T08:00:00.000Z');
  });

  it('refuses a day or time that does not exist', () => {
    expect(fromEastern('2026-02-30', '10:00')).toBeNull();
    expect(fromEastern('2026-12-01', '24:00')).toBeNull();
    expect(fromEastern('tomorrow', '10:00')).toBeNull();
  });

  it('groups by the Eastern day, not the UTC one', () => {
    expect(easternDate(new Date('2026-12-02T03:00:00Z'))).toBe('2026-12-01');
  });
});

describe('coach sessions paid for', () => {
  it('come with the consultation once paid, one per unit', () => {
    expect(coachingSessionsOf({ productCode: 'health-coach', quantity: 2 }, 'paid')).toBe(2);
    expect(coachingSessionsOf({ productCode: 'health-coach', quantity: 1 }, 'pending_payment')).toBe(0);
    expect(coachingSessionsOf({ productCode: 'health-coach', quantity: 1 }, 'refunded')).toBe(0);
    expect(coachingSessionsOf({ productCode: 'base-quiz', quantity: 1 }, 'paid')).toBe(0);
  });

  it('come with the program once the program is paid', () => {
    expect(coachingSessionsOf({ productCode: 'base-improvement-plan-pay-upfront', quantity: 1 }, 'kit_shipped')).toBe(1);
    expect(coachingSessionsOf({ productCode: 'base-improvement-plan', quantity: 1 }, 'results_ready')).toBe(0);
    expect(coachingSessionsOf({ productCode: 'base-improvement-plan', quantity: 1 }, 'program_active')).toBe(1);
  });
});

describe('the calendar invitation', () => {
  const invitation = {
    method: 'REQUEST' as const,
    uid: 'booking-1@shop.local',
    sequence: 0,
    stamp: new Date('2026-11-20T09:08:07Z'),
    startsAt: new Date('2026-12-01T15:00:00Z'),
    endsAt: new Date('2026-12-01T15:30:00Z'),
    summary: 'Health coach session, Base',
    description: 'Your one-to-one session; bring your results.\nJoin from the link we e-mail you.',
    organizer: { name: 'Base', email: 'hello@shop.local' },
    attendee: { name: 'Ana "A" Lee', email: 'ana@example.com' },
  };

  it('is one VEVENT in a VCALENDAR with its times in UTC, lines ending in CRLF', () => {
    const ics = buildInvitation(invitation);
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = ics.replace(/\r\n /g, '').split('\r\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'METHOD:REQUEST',
        'BEGIN:VEVENT',
        'UID:booking-1@shop.local',
        'SEQUENCE:0',
        'DTSTAMP:20261120T090807Z',
        'DTSTART:20261201T150000Z',
        'DTEND:20261201T153000Z',
        'SUMMARY:Health coach session\\, Base',
        'DESCRIPTION:Your one-to-one session\\; bring your results.\\nJoin from the link we e-mail you.',
        'ORGANIZER;CN="Base":mailto:hello@shop.local',
        'END:VEVENT',
      ]),
    );
    expect(lines.find((line) => line.startsWith('ATTENDEE'))).toContain('CN="Ana A Lee"');
  });

  it('cancels with METHOD:CANCEL and the same UID', () => {
    const ics = buildInvitation({ ...invitation, method: 'CANCEL', sequence: 2 });
    expect(ics).toContain('METHOD:CANCEL\r\n');
    expect(ics).toContain('STATUS:CANCELLED\r\n');
    expect(ics).toContain('SEQUENCE:2\r\n');
    expect(ics).toContain('UID:booking-1@shop.local\r\n');
  });

  it('names the session’s room as its location and URL, and leaves both out without one', () => {
    const url = 'https://shop.example/meet/AbC_12-xyzAbC_12-xyzAA';
    const lines = buildInvitation({ ...invitation, meetingUrl: url })
      .replace(/\r\n /g, '')
      .split('\r\n');
    expect(lines).toEqual(expect.arrayContaining([`LOCATION:${url}`, `URL:${url}`]));
    expect(buildInvitation(invitation)).not.toMatch(/^(LOCATION|URL):/m);
  });

  it('folds lines at 75 octets without splitting a character', () => {
    const long = `DESCRIPTION:${'é'.repeat(60)}${'🙂'.repeat(20)}`;
    const folded = foldIcsLine(long);
    for (const line of folded.split('\r\n')) expect(unescape(encodeURIComponent(line)).length).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(long);
    expect(foldIcsLine('SHORT:line')).toBe('SHORT:line');
  });

  it('escapes text', () => {
    expect(escapeIcsText('a\\b;c,d\r\ne')).toBe('a\\\\b\\;c\\,d\\ne');
  });
});
