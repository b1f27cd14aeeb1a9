import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { isRealIsoDate, medicalProfileSchema, sexValues, stateOfZip, usStates, type MedicalProfile } from '@shop/core';
import {
  cartItems,
  clinicClients,
  collectionChoices,
  employerCensusMembers,
  employerEnrollments,
  medicalProfiles,
  orders,
  providerOrders,
  quizResults,
  type Database,
} from '@shop/db';
import { moveOrder } from '../orders/moves.ts';
import { AppError } from '../errors.ts';
import { scheduleMinorRemoval } from '../minors/service.ts';
import { validationFailed } from '../validation.ts';

export async function findProfile(db: Database, userId: string) {
  const [row] = await db.select().from(medicalProfiles).where(eq(medicalProfiles.userId, userId));
  return row;
}

export type ProfileSuggestion = Partial<Pick<MedicalProfile, 'fullName' | 'dateOfBirth' | 'sex' | 'state'>>;

/** Opens a census line (the app's `census` sealer): the name and date of birth an employer's census gave. */
export type CensusOpener = (member: typeof employerCensusMembers.$inferSelect) => {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
};

/**
 * What the member already told the shop about the person tested, offered as the profile's
 * starting values so nothing is asked twice (WCAG 3.3.7): sex and date of birth from the quiz
 * behind their latest order (else their latest quiz), the name and the state (from the ZIP code)
 * of their latest kit delivery or lab choice, and over those, what a clinic that ordered for them
 * wrote of its client (name, date of birth, state), or the census line of an employer that covers
 * them (name, date of birth). Nothing is saved until they send the form.
 */
export async function suggestProfile(db: Database, userId: string, openCensus?: CensusOpener): Promise<ProfileSuggestion> {
  const [fromOrder] = await db
    .select({ answers: quizResults.answers })
    .from(orders)
    .innerJoin(cartItems, and(eq(cartItems.cartId, orders.cartId), isNotNull(cartItems.quizResultId)))
    .innerJoin(quizResults, eq(quizResults.id, cartItems.quizResultId))
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  const [latestQuiz] = fromOrder
    ? [fromOrder]
    : await db
        .select({ answers: quizResults.answers })
        .from(quizResults)
        .where(eq(quizResults.userId, userId))
        .orderBy(desc(quizResults.createdAt))
        .limit(1);
  const [collection] = await db
    .select({ fullName: collectionChoices.fullName, zipCode: collectionChoices.zipCode })
    .from(collectionChoices)
    .innerJoin(orders, eq(orders.id, collectionChoices.orderId))
    .where(eq(orders.userId, userId))
    .orderBy(desc(collectionChoices.createdAt))
    .limit(1);
  const answers = latestQuiz?.answers ?? {};
  const suggestion: ProfileSuggestion = {};
  if (typeof answers.dateOfBirth === 'string' && isRealIsoDate(answers.dateOfBirth)) suggestion.dateOfBirth = answers.dateOfBirth;
  if ((sexValues as readonly unknown[]).includes(answers.sex)) suggestion.sex = answers.sex as ProfileSuggestion['sex'];
  if (collection?.fullName?.trim()) suggestion.fullName = collection.fullName.trim();
  const state = collection ? stateOfZip(collection.zipCode) : undefined;
  if (state) suggestion.state = state;
  const [client] = await db
    .select({
      firstName: clinicClients.firstName,
      lastName: clinicClients.lastName,
      dateOfBirth: clinicClients.dateOfBirth,
      state: clinicClients.state,
    })
    .from(providerOrders)
    .innerJoin(clinicClients, eq(clinicClients.id, providerOrders.clientId))
    .where(eq(providerOrders.clientUserId, userId))
    .orderBy(desc(providerOrders.createdAt))
    .limit(1);
  if (client) {
    suggestion.fullName = `${client.firstName} ${client.lastName}`.trim();
    suggestion.dateOfBirth = client.dateOfBirth;
    const clientState = usStates.find((known) => known === client.state);
    if (clientState) suggestion.state = clientState;
  }
  const [member] = openCensus
    ? await db
        .select({ member: employerCensusMembers })
        .from(employerEnrollments)
        .innerJoin(employerCensusMembers, eq(employerCensusMembers.id, employerEnrollments.censusMemberId))
        .where(eq(employerEnrollments.userId, userId))
        .orderBy(desc(employerEnrollments.createdAt))
        .limit(1)
    : [];
  if (member && openCensus) {
    const line = openCensus(member.member);
    suggestion.fullName = `${line.firstName} ${line.lastName}`.trim();
    if (isRealIsoDate(line.dateOfBirth)) suggestion.dateOfBirth = line.dateOfBirth;
  }
  return suggestion;
}

/**
 * Saves the person tested and lets the account's waiting orders go on to clinician approval,
 * in one transaction. A minor is refused and nothing is stored; when the account already has
 * orders, it holds a minor's tests, and its removal within 24 hours is scheduled.
 */
export async function saveProfile(db: Database, userId: string, input: unknown): Promise<{ profile: MedicalProfile; released: number }> {
  const parsed = medicalProfileSchema().safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    if (issue?.path[0] === 'dateOfBirth' && issue.message.includes('18 or older')) {
      await db.transaction(async (tx) => {
        const [ordered] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId)).limit(1);
        if (ordered) await scheduleMinorRemoval(tx, userId, 'profile_date_of_birth');
      });
      throw new AppError(422, 'UNDERAGE', issue.message);
    }
    throw validationFailed(parsed.error.issues);
  }
  const profile = parsed.data;
  return db.transaction(async (tx) => {
    await tx
      .insert(medicalProfiles)
      .values({ userId, ...profile })
      .onConflictDoUpdate({ target: medicalProfiles.userId, set: { ...profile, updatedAt: sql`now()` } });
    const waiting = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.status, 'profile_pending')));
    for (const order of waiting) await moveOrder(tx, order, { type: 'profile_completed' }, userId);
    return { profile, released: waiting.length };
  });
}
