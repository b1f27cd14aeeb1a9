import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import {
  affiliateApplicationMessages,
  affiliateCodeTakenMessage,
  REFERRAL_CODE_PREFIX,
  type AffiliateApplication,
  type AffiliateApproval,
  type AffiliateMemberApplication,
} from '@shop/core';
import { affiliateCodes, affiliates, coupons, users, type Database, type Transaction } from '@shop/db';
import { accountWithEmail } from '../auth/accounts.ts';
import { recordAudit } from '../audit/log.ts';
import { hashPassword } from '../auth/password.ts';
import { affiliateApplicationReceivedEmail, affiliateApprovedEmail, affiliateDeclinedEmail } from '../email/affiliate-templates.ts';
import { enqueueEmail } from '../email/queue.ts';
import type { SecretSealer } from '../email/sealed-secrets.ts';
import { AppError, conflict, notFound } from '../errors.ts';
import { copySetCookies, toHeaders } from '../http/web-request.ts';

/** What an applicant may read of their application: its state, never anything of the program's data. */
export interface ApplicationState {
  status: 'applied' | 'active' | 'declined' | 'disabled';
  name: string;
  appliedAt: string;
  declineReason: string | null;
}

export interface ApplicationDeps {
  db: Database;
  publicUrl: string;
  emailSecrets: SecretSealer;
}

export interface Actor {
  id: string;
  role: string;
  ip: string;
}

const dashboardUrl = (publicUrl: string) => `${publicUrl}/affiliate/dashboard`;

/**
 * An application at /affiliate-program. The applicant's shop account is made with the same
 * sign-in as customers' (a customer until approved), the application waits in `applied`, the
 * applicant gets an e-mail and is signed in: the dashboard tells them their application is under
 * review. An address that has an account already is refused, after the password hashing a new
 * account would cost.
 */
export async function applyAsAffiliate(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  input: AffiliateApplication,
): Promise<ApplicationState> {
  const email = input.email.toLowerCase();
  if (await accountWithEmail(app.db, email)) {
    await hashPassword(input.password);
    throw conflict('ACCOUNT_EXISTS', affiliateApplicationMessages.accountExists);
  }
  const headers = toHeaders(request);
  const signUp = await app.auth.api.signUpEmail({ body: { email, password: input.password, name: input.name }, headers, asResponse: true });
  if (!signUp.ok) {
    throw new AppError(signUp.status >= 500 ? 500 : 400, 'SIGN_UP_FAILED', 'We could not create your account. Please try again.');
  }
  const userId = ((await signUp.json()) as { user: { id: string } }).user.id;
  const application = await recordApplication(app, { id: userId, email, ip: request.ip }, input);
  // a sign-up never signs in (auth.ts): the session comes from the password
  const signIn = await app.auth.api.signInEmail({ body: { email, password: input.password }, headers, asResponse: true });
  if (signIn.ok) copySetCookies(signIn, reply);
  return stateOf(application);
}

/**
 * An application by someone signed in already (a customer of the shop): their account is the one
 * the dashboard opens with once approved. One application per account, held by the unique account
 * column: a second (two tabs, a double click, an affiliate already) is refused and changes nothing.
 * The team's and partners' accounts are not customers' and cannot apply.
 */
export async function applyAsMember(
  app: FastifyInstance,
  member: { id: string; email: string; role: string; ip: string },
  input: AffiliateMemberApplication,
): Promise<ApplicationState> {
  if (await applicationOfUser(app.db, member.id)) throw conflict('AFFILIATE_ALREADY_APPLIED', affiliateApplicationMessages.alreadyApplied);
  if (member.role !== 'customer') throw conflict('NOT_A_CUSTOMER_ACCOUNT', affiliateApplicationMessages.notACustomerAccount);
  return stateOf(await recordApplication(app, { id: member.id, email: member.email.toLowerCase(), ip: member.ip }, input));
}

/** The application's row, its audit entry and the e-mail that says it arrived, in one transaction. */
async function recordApplication(
  app: FastifyInstance,
  applicant: { id: string; email: string; ip: string },
  input: AffiliateMemberApplication,
): Promise<typeof affiliates.$inferSelect> {
  return app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(affiliates)
      .values({
        name: input.name,
        email: applicant.email,
        userId: applicant.id,
        status: 'applied',
        website: input.website,
        promotion: input.promotion,
      })
      .onConflictDoNothing({ target: affiliates.userId })
      .returning();
    if (!row) throw conflict('AFFILIATE_ALREADY_APPLIED', affiliateApplicationMessages.alreadyApplied);
    await recordAudit(tx, {
      actor: { id: applicant.id, role: 'customer' },
      action: 'affiliate.apply',
      subjectType: 'affiliate',
      subjectId: row.id,
      ip: applicant.ip,
    });
    await enqueueEmail(
      tx,
      app.emailSecrets.seal(
        affiliateApplicationReceivedEmail({ to: applicant.email, name: input.name, url: dashboardUrl(app.config.PUBLIC_URL) }),
      ),
    );
    return row;
  });
}

/** The application of the signed-in account, if it made one. */
export async function applicationOfUser(db: Database, userId: string): Promise<ApplicationState | undefined> {
  const [row] = await db.select().from(affiliates).where(eq(affiliates.userId, userId));
  return row ? stateOf(row) : undefined;
}

function stateOf(row: typeof affiliates.$inferSelect): ApplicationState {
  return {
    status: row.status as ApplicationState['status'],
    name: row.name,
    appliedAt: row.createdAt.toISOString(),
    declineReason: row.status === 'declined' ? row.declineReason : null,
  };
}

/** The application, locked for the decision; one decided already is not decided again. */
async function lockApplication(tx: Transaction, affiliateId: string) {
  const [found] = await tx.select().from(affiliates).where(eq(affiliates.id, affiliateId)).for('update');
  if (!found) throw notFound('AFFILIATE_APPLICATION_NOT_FOUND', 'There is no such application.');
  if (found.status !== 'applied') {
    throw conflict('AFFILIATE_APPLICATION_DECIDED', `This application was decided already: the affiliate is ${found.status}.`);
  }
  return found;
}

/**
 * An operator approves an application: the codes are the affiliate's (each unique among the
 * affiliates' codes and the coupons, and not in the members' referral codes' form), the landing
 * says what the operator wrote, the account becomes an affiliate's and the dashboard opens.
 * Audited; the applicant gets an e-mail with their links.
 */
export async function approveApplication(deps: ApplicationDeps, actor: Actor, affiliateId: string, approval: AffiliateApproval) {
  return deps.db.transaction(async (tx) => {
    const found = await lockApplication(tx, affiliateId);
    const reserved = approval.codes.find((code) => code.startsWith(REFERRAL_CODE_PREFIX));
    if (reserved) throw conflict('AFFILIATE_CODE_TAKEN', affiliateCodeTakenMessage(reserved));
    const [takenByAffiliate] = await tx
      .select({ code: affiliateCodes.code })
      .from(affiliateCodes)
      .where(inArray(affiliateCodes.code, approval.codes));
    const [takenByCoupon] = await tx.select({ code: coupons.code }).from(coupons).where(inArray(coupons.code, approval.codes));
    const taken = takenByAffiliate ?? takenByCoupon;
    if (taken) throw conflict('AFFILIATE_CODE_TAKEN', affiliateCodeTakenMessage(taken.code));
    const inserted = await tx
      .insert(affiliateCodes)
      .values(
        approval.codes.map((code) => ({ code, affiliateId, banner: approval.banner, heading: approval.heading, intro: approval.intro })),
      )
      .onConflictDoNothing()
      .returning({ code: affiliateCodes.code });
    // another approval took one of the codes since the check: nothing of this one stays
    const lost = approval.codes.find((code) => !inserted.some((row) => row.code === code));
    if (lost) throw conflict('AFFILIATE_CODE_TAKEN', affiliateCodeTakenMessage(lost));
    const now = new Date();
    await tx
      .update(affiliates)
      .set({ status: 'active', commissionPercent: approval.commissionPercent, decidedAt: now, declineReason: null })
      .where(eq(affiliates.id, affiliateId));
    if (found.userId) await tx.update(users).set({ role: 'affiliate' }).where(eq(users.id, found.userId));
    await recordAudit(tx, {
      actor: { id: actor.id, role: actor.role },
      action: 'affiliate.approve',
      subjectType: 'affiliate',
      subjectId: affiliateId,
      detail: { codes: approval.codes, commissionPercent: approval.commissionPercent },
      ip: actor.ip,
    });
    const links = approval.codes.map((code) => `${deps.publicUrl}/affiliate/${encodeURIComponent(code.toLowerCase())}`);
    const message = affiliateApprovedEmail({
      to: found.email,
      name: found.name,
      codes: approval.codes,
      commissionPercent: approval.commissionPercent,
      links,
      url: dashboardUrl(deps.publicUrl),
    });
    await enqueueEmail(tx, deps.emailSecrets.seal(message));
    return { id: affiliateId, status: 'active', codes: approval.codes };
  });
}

/** An operator declines an application with a reason, which the applicant is sent. Audited; the account stays a customer's. */
export async function declineApplication(deps: ApplicationDeps, actor: Actor, affiliateId: string, reason: string) {
  return deps.db.transaction(async (tx) => {
    const found = await lockApplication(tx, affiliateId);
    await tx
      .update(affiliates)
      .set({ status: 'declined', declineReason: reason, decidedAt: new Date() })
      .where(eq(affiliates.id, affiliateId));
    await recordAudit(tx, {
      actor: { id: actor.id, role: actor.role },
      action: 'affiliate.decline',
      subjectType: 'affiliate',
      subjectId: affiliateId,
      detail: { reason },
      ip: actor.ip,
    });
    await enqueueEmail(tx, deps.emailSecrets.seal(affiliateDeclinedEmail({ to: found.email, name: found.name, reason })));
    return { id: affiliateId, status: 'declined', codes: [] as string[] };
  });
}
