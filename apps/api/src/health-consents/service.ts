import {
  collectConsentRefusal,
  healthDataConsentKinds,
  healthDataConsentTexts,
  isHealthDataConsentKind,
  isShareConsentKind,
  shareConsentRefusal,
  type HealthDataConsentKind,
  type ShareConsentKind,
} from '@shop/core';
import type { Database, Executor } from '@shop/db';
import { AppError, badRequest, conflict, unauthorized } from '../errors.ts';
import type { EventRecorder } from '../events/bus.ts';
import { isRowId } from '../validation.ts';
import {
  assignVisitorConsents,
  findActiveConsent,
  insertHealthDataConsent,
  listAccountConsents,
  withdrawConsents,
  type ConsentHolder,
} from './repository.ts';

/** Where a consent was given from, as the request tells it: kept with the consent as proof. */
export interface ConsentOrigin {
  ipAddress: string | null;
  userAgent: string | null;
}

/** A consent as the request gives it: its kind and the version of the words the page showed. */
export interface GivenConsent {
  kind: string;
  version: string;
}

const MAX_USER_AGENT = 400;

/**
 * Records a consent the person gives now. The version must be the current words' (a page showing
 * old words is refused with a 409, so the person reads the words the record names).
 */
export async function recordConsent(db: Executor, holder: ConsentHolder, given: GivenConsent, origin: ConsentOrigin) {
  if (!isHealthDataConsentKind(given.kind)) throw badRequest('UNKNOWN_CONSENT', `There is no consent called ${given.kind}.`);
  // a consent to share speaks for an account: a signed-out browser has nothing shared to agree to
  if (isShareConsentKind(given.kind) && !holder.userId) throw unauthorized('Please sign in to agree to sharing your health data.');
  const current = healthDataConsentTexts[given.kind];
  if (given.version !== current.version)
    throw conflict('CONSENT_TEXT_CHANGED', 'The words of this consent have changed. Please reload the page and read them again.');
  return insertHealthDataConsent(db, {
    kind: given.kind,
    version: current.version,
    userId: holder.userId,
    visitorId: holder.visitorId && isRowId(holder.visitorId) ? holder.visitorId : null,
    ipAddress: origin.ipAddress,
    userAgent: origin.userAgent?.slice(0, MAX_USER_AGENT) ?? null,
  });
}

/**
 * Health data is stored only with the consent to collect it: given with this request (recorded
 * here, in the caller's transaction) or given before and not withdrawn. Otherwise a 422 that says so.
 */
export async function requireCollectConsent(
  db: Executor,
  holder: ConsentHolder,
  given: GivenConsent | undefined,
  origin: ConsentOrigin,
  refusal: string = collectConsentRefusal,
) {
  const kind: HealthDataConsentKind = 'collect_health_data';
  if (given) {
    if (given.kind !== kind) throw badRequest('UNKNOWN_CONSENT', `The quiz asks for the consent called ${kind}.`);
    return recordConsent(db, holder, given, origin);
  }
  const held = await findActiveConsent(db, holder, kind);
  if (!held) throw new AppError(422, 'CONSENT_REQUIRED', refusal);
  return held;
}

/** What the checkout answers a test order without the consent to collect, named as its other consents are. */
export const checkoutCollectRefusal = `${healthDataConsentTexts.collect_health_data.missingAtCheckout}. (Missing consent: collect_health_data.)`;

/**
 * The consent to collect health data as a checkout gives it: ticked among the order's consents, so
 * agreed to in the words the page shows now (docs/decisions/0078-deleting-by-link-and-the-checkout-consent.md).
 */
export function collectConsentGiven(given: readonly string[]): GivenConsent | undefined {
  const current = healthDataConsentTexts.collect_health_data;
  return given.includes(current.kind) ? { kind: current.kind, version: current.version } : undefined;
}

/**
 * An order that starts sharing health data (a clinic's pay link, an employer's cover) carries its
 * consent to share, ticked with the order in the words the page shows now: recorded here, in the
 * order's transaction, as the account's consent (version, time, address, browser). A consent given
 * for an earlier order does not stand in for it: each order that shares asks (decision 0081).
 * Without it, a 422 `CONSENT_REQUIRED` that names it, and the transaction writes nothing.
 */
export async function requireShareConsent(
  db: Executor,
  userId: string,
  kind: ShareConsentKind,
  given: readonly string[],
  origin: ConsentOrigin,
) {
  if (!given.includes(kind)) throw new AppError(422, 'CONSENT_REQUIRED', shareConsentRefusal(kind));
  return recordConsent(db, { userId, visitorId: null }, { kind, version: healthDataConsentTexts[kind].version }, origin);
}

/** The account's consents as its page shows them: each kind's current state and the history. */
export async function accountConsents(db: Database, userId: string) {
  const rows = await listAccountConsents(db, userId);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    version: row.version,
    givenAt: row.givenAt.toISOString(),
    withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
  }));
}

/**
 * Withdraws the account's consent of this kind; a 404 when none is in force. The withdrawal is
 * announced in its transaction (`health_consent.withdrawn`): whoever shared under it stops there.
 */
export async function withdrawConsent(db: Database, events: EventRecorder, userId: string, kind: string, at = new Date()) {
  if (!isHealthDataConsentKind(kind)) throw badRequest('UNKNOWN_CONSENT', `There is no consent called ${kind}.`);
  return db.transaction(async (tx) => {
    const withdrawn = await withdrawConsents(tx, userId, kind, at);
    if (withdrawn === 0) throw new AppError(404, 'NO_CONSENT_IN_FORCE', 'You have no consent of this kind to withdraw.');
    await events.record(tx, 'health_consent.withdrawn', { userId, kind, withdrawnAt: at.toISOString() });
    return { withdrawn };
  });
}

/** What a browser agreed to before signing up or in becomes the account's, as its quiz results do. */
export async function attachVisitorConsents(db: Database, visitorId: string | undefined, userId: string): Promise<void> {
  if (!visitorId || !isRowId(visitorId)) return;
  await assignVisitorConsents(db, visitorId, userId);
}

/** The kinds of consent the holder has given and not withdrawn. */
export async function consentsInForce(db: Database, holder: ConsentHolder): Promise<HealthDataConsentKind[]> {
  const held: HealthDataConsentKind[] = [];
  for (const kind of healthDataConsentKinds) if (await findActiveConsent(db, holder, kind)) held.push(kind);
  return held;
}
