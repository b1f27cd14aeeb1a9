import { createHash, randomBytes } from 'node:crypto';

/**
 * The links the shop e-mails to let one person in once: a staff member's, a clinic member's and
 * an employer admin's invitation. The token is in the e-mail alone; the database keeps its hash,
 * so nobody who reads the tables (staff included) can use a link. Each kind of link has its own
 * table, because each grants something different, but they are minted, hashed, read and spent by
 * the functions here.
 */
export interface SingleUseLink {
  /** goes into the e-mail, never into the database */
  token: string;
  tokenHash: string;
  expiresAt: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The hash a link's token is stored and looked up by. A purpose keeps a token of one kind from
 * matching a hash of another; staff and clinic invitations were hashed without one and keep it so,
 * so that the links already sent go on working.
 */
export function linkTokenHash(token: string, purpose?: string): string {
  return createHash('sha256')
    .update(purpose ? `${purpose}:${token}` : token)
    .digest('hex');
}

/** A new link valid for `validDays` from `now`: 32 random bytes, as URL-safe text. */
export function mintLink(now: Date, validDays: number, purpose?: string): SingleUseLink {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: linkTokenHash(token, purpose), expiresAt: new Date(now.getTime() + validDays * DAY_MS) };
}

export type InvitationStatus = 'pending' | 'accepted' | 'revoked' | 'expired';

/** An invitation as its list shows it: accepted or revoked for good, else waiting until it expires. */
export function invitationStatus(row: { acceptedAt: Date | null; revokedAt?: Date | null; expiresAt: Date }, now: Date): InvitationStatus {
  if (row.acceptedAt) return 'accepted';
  if (row.revokedAt) return 'revoked';
  return row.expiresAt <= now ? 'expired' : 'pending';
}

/**
 * Spends a link once. `claim` marks the row used and returns it (a conditional UPDATE … RETURNING:
 * of two acceptances at once, one gets the row, the other nothing and `invalid`). Then `use` does
 * what the link grants (often making an account, which cannot share the claim's transaction);
 * should it fail, `giveBack` clears the claim so the person can try again with the same link.
 */
export async function spendLink<Row, Result>(steps: {
  claim: () => Promise<Row | undefined>;
  invalid: () => Error;
  use: (row: Row) => Promise<Result>;
  giveBack: (row: Row) => Promise<unknown>;
}): Promise<Result> {
  const row = await steps.claim();
  if (!row) throw steps.invalid();
  try {
    return await steps.use(row);
  } catch (error) {
    await steps.giveBack(row);
    throw error;
  }
}
