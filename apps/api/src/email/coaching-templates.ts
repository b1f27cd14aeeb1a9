import { buildInvitation, formatEastern, type Invitation } from '@shop/core';
import type { EmailAttachment, EmailMessage } from './port.ts';
import { layout } from './templates.ts';

export interface SessionEmailInput {
  to: string;
  startsAt: Date;
  endsAt: Date;
  coachName: string;
  accountUrl: string;
  /** the session's video room; null for a session booked before rooms existed */
  meetingUrl: string | null;
  /** the invitation as the member's calendar gets it: the booking's UID and version */
  invitation: Omit<Invitation, 'method' | 'startsAt' | 'endsAt' | 'summary' | 'description' | 'meetingUrl'>;
}

const SUMMARY = 'Health coach session with Base';

function invitationFile(input: SessionEmailInput, method: Invitation['method']): EmailAttachment {
  const content = buildInvitation({
    ...input.invitation,
    method,
    startsAt: input.startsAt,
    endsAt: input.endsAt,
    summary: SUMMARY,
    description: [
      `Your one-to-one session with ${input.coachName}, your Base health coach.`,
      method === 'REQUEST' && input.meetingUrl ? `Join it at ${input.meetingUrl}` : null,
      `See or change it at ${input.accountUrl}`,
    ]
      .filter(Boolean)
      .join(' '),
    meetingUrl: method === 'REQUEST' ? input.meetingUrl : null,
  });
  return { filename: 'health-coach-session.ics', contentType: `text/calendar; charset=utf-8; method=${method}`, content };
}

/** Where to join: the room's link, which the session keeps when it moves. */
const joinLine = (input: SessionEmailInput): string[] => (input.meetingUrl ? [`Join your session by video at ${input.meetingUrl}`] : []);

const withInvitation = (message: EmailMessage, file: EmailAttachment): EmailMessage => ({ ...message, attachments: [file] });

export function coachingBookedEmail(input: SessionEmailInput): EmailMessage {
  return withInvitation(
    layout(
      'coaching-booked',
      input.to,
      `Your health coach session: ${formatEastern(input.startsAt)}`,
      [
        `Your one-to-one session with ${input.coachName}, your health coach, is booked for ${formatEastern(input.startsAt)}.`,
        ...joinLine(input),
        'The calendar invitation is attached. You can reschedule or cancel it in your account up to 24 hours before it starts.',
      ],
      { label: 'See your session', url: input.accountUrl },
    ),
    invitationFile(input, 'REQUEST'),
  );
}

export function coachingMovedEmail(input: SessionEmailInput & { previousStartsAt: Date }): EmailMessage {
  return withInvitation(
    layout(
      'coaching-rescheduled',
      input.to,
      `Your health coach session is now ${formatEastern(input.startsAt)}`,
      [
        `Your session with ${input.coachName} has moved from ${formatEastern(input.previousStartsAt)} to ${formatEastern(input.startsAt)}.`,
        ...joinLine(input),
        'The attached invitation updates the event in your calendar.',
      ],
      { label: 'See your session', url: input.accountUrl },
    ),
    invitationFile(input, 'REQUEST'),
  );
}

/** `byCoach`: the coach cancelled the slot, not the member; either way the session can be booked again. */
export function coachingCancelledEmail(input: SessionEmailInput & { byCoach: boolean }): EmailMessage {
  return withInvitation(
    layout(
      'coaching-cancelled',
      input.to,
      `Your health coach session on ${formatEastern(input.startsAt)} is cancelled`,
      [
        input.byCoach
          ? `We are sorry: your health coach can no longer meet you on ${formatEastern(input.startsAt)}, so this session is cancelled.`
          : `Your session with ${input.coachName} on ${formatEastern(input.startsAt)} is cancelled, as you asked.`,
        'Your session is still yours to book: choose another time in your account. The attached invitation takes the event out of your calendar.',
      ],
      { label: 'Book another time', url: input.accountUrl },
    ),
    invitationFile(input, 'CANCEL'),
  );
}

/** The day before: when, with whom and where to join; sent once per session by the reminder job. */
export function coachingReminderEmail(input: SessionEmailInput): EmailMessage {
  return layout(
    'coaching-reminder',
    input.to,
    `Tomorrow: your health coach session, ${formatEastern(input.startsAt)}`,
    [
      `A reminder: your one-to-one session with ${input.coachName}, your health coach, is on ${formatEastern(input.startsAt)}.`,
      ...joinLine(input),
      'Bring your questions, and your results if you have them.',
    ],
    { label: 'See your session', url: input.accountUrl },
  );
}
