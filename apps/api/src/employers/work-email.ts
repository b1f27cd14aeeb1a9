import { and, eq } from 'drizzle-orm';
import { employerMessages, inPlanYear, type B2bGoalName } from '@shop/core';
import { employerEmailLinks, employerEnrollments, type Database } from '@shop/db';
import { enqueueEmail } from '../email/queue.ts';
import type { SecretSealer } from '../email/sealed-secrets.ts';
import { layout } from '../email/templates.ts';
import { AppError, badRequest, conflict, notFound } from '../errors.ts';
import { mintLink } from '../invitations/single-use-links.ts';
import { enforce, limits } from '../rate-limit/limiter.ts';
import { findGroupBySlug } from './enrollment.ts';
import { atGroupDomain, WORK_EMAIL_LINK_HOURS, WORK_EMAIL_LINK_PURPOSE } from './work-email-links.ts';

const notEligible = (message: string) => new AppError(403, 'NOT_ELIGIBLE', message);

/**
 * An employee of a group that proves eligibility by domain asks for a link at their work address:
 * checked (the group's domain, its plan year, an address not already enrolled by another account),
 * then a one-time link e-mailed through the outbox (sealed at rest) and kept as a hash. Opening it
 * signed in as the same account proves the address and enrols them (`proveEligibility`).
 */
export async function requestWorkEmailLink(
  deps: { db: Database; publicUrl: string; emailSecrets: SecretSealer },
  input: { slug: string; userId: string; goal: B2bGoalName; workEmail: string; now?: Date },
): Promise<{ sentTo: string; message: string }> {
  const now = input.now ?? new Date();
  const workEmail = input.workEmail.trim().toLowerCase();
  const group = await findGroupBySlug(deps.db, input.slug);
  if (!group) throw notFound('EMPLOYER_GROUP_NOT_FOUND', employerMessages.groupNotFound);
  if (group.eligibility !== 'domain') throw badRequest('ELIGIBILITY_METHOD', employerMessages.notEligibleMethod);
  if (!group.goals.includes(input.goal)) throw badRequest('GOAL_NOT_OFFERED', employerMessages.goalNotOffered);
  if (!inPlanYear(group, now.toISOString().slice(0, 10))) throw notEligible(employerMessages.outsidePlanYear);
  if (!atGroupDomain(group, workEmail)) throw notEligible(employerMessages.workEmailDomain(group.emailDomains));
  // each link is an e-mail to someone's work mailbox: a few an hour per account, never a flood
  await enforce(deps.db, limits.workEmailLinksPerAccount, input.userId);

  const [taken] = await deps.db
    .select({ userId: employerEnrollments.userId })
    .from(employerEnrollments)
    .where(
      and(
        eq(employerEnrollments.groupId, group.id),
        eq(employerEnrollments.workEmail, workEmail),
        eq(employerEnrollments.planYearStart, group.planYearStart),
      ),
    );
  if (taken && taken.userId !== input.userId) throw conflict('WORK_EMAIL_TAKEN', employerMessages.workEmailTaken);

  const { token, tokenHash, expiresAt } = mintLink(now, WORK_EMAIL_LINK_HOURS / 24, WORK_EMAIL_LINK_PURPOSE);
  const url = `${deps.publicUrl}/b2b/${group.slug}/${input.goal}/confirm?token=${encodeURIComponent(token)}`;
  const message = layout(
    'employer-work-email',
    workEmail,
    `Confirm your cover from ${group.name}`,
    [
      `You asked Base to confirm that ${group.name} covers your lab test. Opening the link below confirms this work e-mail, and your cover for this plan year.`,
      `The link works once, for ${WORK_EMAIL_LINK_HOURS} hours, and only for the Base account that asked for it: open it signed in to that account. If you did not ask for it, you can ignore this e-mail.`,
      `${group.name} never sees your results.`,
    ],
    { label: 'Confirm my cover', url },
  );
  await deps.db.transaction(async (tx) => {
    await tx.insert(employerEmailLinks).values({ groupId: group.id, userId: input.userId, workEmail, tokenHash, expiresAt });
    await enqueueEmail(tx, deps.emailSecrets.seal({ ...message, secrets: [url] }));
  });
  return { sentTo: workEmail, message: employerMessages.workEmailSent(workEmail) };
}
