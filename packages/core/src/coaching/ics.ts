/** A calendar invitation (RFC 5545) for one session: sent when booked, moved or cancelled. */
export interface Invitation {
  /** REQUEST books or moves; CANCEL takes it out of the calendar */
  method: 'REQUEST' | 'CANCEL';
  /** stays the same for the life of a booking, so a calendar updates the event instead of adding one */
  uid: string;
  /** 0 when booked, one more at each change: a calendar keeps the highest */
  sequence: number;
  /** when this version was made */
  stamp: Date;
  startsAt: Date;
  endsAt: Date;
  summary: string;
  description: string;
  /** where the session happens: its video room's link, as LOCATION and URL (RFC 5545 §3.8.1.7, §3.8.4.6) */
  meetingUrl?: string | null;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
}

const CRLF = '\r\n';
const MAX_OCTETS = 75;

/** `20261201T150000Z` */
export function icsDateTime(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** TEXT values escape backslashes, semicolons, commas and line breaks (RFC 5545 §3.3.11). */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** A parameter value (a name in CN=) is quoted, and may hold no quote or control character. */
function quotedParameter(value: string): string {
  return `"${value.replace(/["\p{Cc}]/gu, '')}"`;
}

/** A character's length in UTF-8, which .ics lines are counted in (core has no TextEncoder: it runs anywhere). */
function utf8Octets(character: string): number {
  const code = character.codePointAt(0) ?? 0;
  return code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
}

/**
 * Folds a content line at 75 octets (RFC 5545 §3.1): each continuation starts with a space,
 * which counts towards its 75, and a UTF-8 character is never split.
 */
export function foldIcsLine(line: string): string {
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = utf8Octets(character);
    if (octets + size > MAX_OCTETS) {
      lines.push(current);
      current = ' ';
      octets = 1;
    }
    current += character;
    octets += size;
  }
  lines.push(current);
  return lines.join(CRLF);
}

/** The invitation as an .ics file's text: CRLF line endings, folded, escaped. */
export function buildInvitation(invitation: Invitation): string {
  const { organizer, attendee } = invitation;
  const cancelled = invitation.method === 'CANCEL';
  const lines = [
    'BEGIN:VCALENDAR',
    'PRODID:-//Base//Health coach sessions//EN',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    `METHOD:${invitation.method}`,
    'BEGIN:VEVENT',
    `UID:${invitation.uid}`,
    `SEQUENCE:${invitation.sequence}`,
    `DTSTAMP:${icsDateTime(invitation.stamp)}`,
    `DTSTART:${icsDateTime(invitation.startsAt)}`,
    `DTEND:${icsDateTime(invitation.endsAt)}`,
    `SUMMARY:${escapeIcsText(invitation.summary)}`,
    `DESCRIPTION:${escapeIcsText(invitation.description)}`,
    ...(invitation.meetingUrl ? [`LOCATION:${escapeIcsText(invitation.meetingUrl)}`, `URL:${invitation.meetingUrl}`] : []),
    `ORGANIZER;CN=${quotedParameter(organizer.name)}:mailto:${organizer.email}`,
    `ATTENDEE;CN=${quotedParameter(attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED:mailto:${attendee.email}`,
    `STATUS:${cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldIcsLine).join(CRLF) + CRLF;
}
