import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, or } from 'drizzle-orm';
import { clinicEmailDomain, normaliseClinicName, providerMessages, type ProviderSignUp } from '@shop/core';
import { clinicJoinRequests, clinicMembers, clinics, users } from '@shop/db';
import { accountWithEmail } from '../auth/accounts.ts';
import { recordAudit } from '../audit/log.ts';
import { hashPassword } from '../auth/password.ts';
import { enqueueEmail } from '../email/queue.ts';
import { joinRequestEmail } from '../email/provider-templates.ts';
import { AppError, conflict } from '../errors.ts';
import { copySetCookies, toHeaders } from '../http/web-request.ts';
import { addMember } from './members.ts';

export type SignUpAnswer =
  { outcome: 'created'; clinicName: string } | { outcome: 'match'; clinicName: string } | { outcome: 'join_requested'; clinicName: string };

const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: string; cause?: { code?: string } }).code === UNIQUE_VIOLATION
    ? true
    : (error as { cause?: { code?: string } } | null)?.cause?.code === UNIQUE_VIOLATION;

/** The clinic a sign-up is the same organisation as: its work e-mail domain, or its name written the same way. */
async function matchingClinic(app: FastifyInstance, normalisedName: string, domain: string | null) {
  const [row] = await app.db
    .select({ id: clinics.id, name: clinics.name })
    .from(clinics)
    .where(
      domain ? or(eq(clinics.normalisedName, normalisedName), eq(clinics.emailDomain, domain)) : eq(clinics.normalisedName, normalisedName),
    )
    .limit(1);
  return row;
}

/**
 * The free sign-up. A clinic that matches an existing one is not made twice: the answer offers to
 * ask its admins to join (`match`, nothing written); asked again with `requestToJoin`, the account
 * is made and the request waits for an admin. Otherwise the clinic is made with its first admin.
 * Either way the new account is signed in, with the same sign-in as customers.
 */
export async function signUpClinic(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  input: ProviderSignUp,
): Promise<SignUpAnswer> {
  const email = input.email.toLowerCase();
  const normalisedName = normaliseClinicName(input.clinicName);
  const domain = clinicEmailDomain(email);
  if (await accountWithEmail(app.db, email)) {
    // what creating the account would have cost: the answer's time says no more than its words
    await hashPassword(input.password);
    throw conflict('ACCOUNT_EXISTS', providerMessages.accountExists);
  }
  const match = await matchingClinic(app, normalisedName, domain);
  if (match && !input.requestToJoin) return { outcome: 'match', clinicName: match.name };

  // the clinic is claimed first, so two sign-ups of one clinic at once make it once
  let clinic: { id: string; name: string } | undefined;
  if (!match) {
    try {
      [clinic] = await app.db
        .insert(clinics)
        .values({
          name: input.clinicName,
          normalisedName,
          type: input.clinicType,
          addressLine1: input.addressLine1,
          addressLine2: input.addressLine2,
          city: input.city,
          state: input.state,
          postalCode: input.postalCode,
          npi: input.npi || null,
          emailDomain: domain,
        })
        .returning({ id: clinics.id, name: clinics.name });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const raced = await matchingClinic(app, normalisedName, domain);
      if (raced) return { outcome: 'match', clinicName: raced.name };
      throw error;
    }
  }

  const headers = toHeaders(request);
  const signUp = await app.auth.api.signUpEmail({ body: { email, password: input.password, name: input.name }, headers, asResponse: true });
  if (!signUp.ok) {
    if (clinic) await app.db.delete(clinics).where(eq(clinics.id, clinic.id));
    throw new AppError(signUp.status >= 500 ? 500 : 400, 'SIGN_UP_FAILED', 'We could not create your account. Please try again.');
  }
  const account = (await signUp.json()) as { user: { id: string } };
  const userId = account.user.id;

  let answer: SignUpAnswer;
  if (clinic) {
    const created = clinic;
    await app.db.transaction(async (tx) => {
      const member = await addMember(tx, created.id, userId, 'admin');
      await recordAudit(tx, {
        actor: { id: userId, role: 'provider_admin' },
        action: 'provider.sign_up',
        subjectType: 'clinic',
        subjectId: created.id,
        detail: { clinicId: created.id, memberId: member.id, emailDomain: domain },
        ip: request.ip,
      });
    });
    answer = { outcome: 'created', clinicName: created.name };
  } else {
    const clinicId = match!.id;
    await app.db.transaction(async (tx) => {
      const [joinRequest] = await tx.insert(clinicJoinRequests).values({ clinicId, userId }).returning({ id: clinicJoinRequests.id });
      const admins = await tx
        .select({ email: users.email })
        .from(clinicMembers)
        .innerJoin(users, eq(users.id, clinicMembers.userId))
        .where(and(eq(clinicMembers.clinicId, clinicId), eq(clinicMembers.role, 'admin')));
      for (const admin of admins) {
        const message = joinRequestEmail({
          to: admin.email,
          clinicName: match!.name,
          requesterName: input.name,
          requesterEmail: email,
          url: `${app.config.PUBLIC_URL}/providers/dashboard`,
        });
        await enqueueEmail(tx, app.emailSecrets.seal(message));
      }
      await recordAudit(tx, {
        actor: { id: userId, role: 'customer' },
        action: 'provider.join_request',
        subjectType: 'clinic_join_request',
        subjectId: joinRequest!.id,
        detail: { clinicId },
        ip: request.ip,
      });
    });
    answer = { outcome: 'join_requested', clinicName: match!.name };
  }

  // a sign-up never signs in (auth.ts): the session comes from the password
  const signIn = await app.auth.api.signInEmail({ body: { email, password: input.password }, headers, asResponse: true });
  if (signIn.ok) copySetCookies(signIn, reply);
  return answer;
}
