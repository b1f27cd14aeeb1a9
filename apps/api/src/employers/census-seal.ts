import { createHmac, hkdfSync } from 'node:crypto';
import { and, eq, isNull, or } from 'drizzle-orm';
import { censusKey, type CensusRow } from '@shop/core';
import { employerCensusMembers, type Database, type Executor } from '@shop/db';
import type { ResultsCipher } from '../results/crypto.ts';
import { z } from 'zod';

declare module 'fastify' {
  interface FastifyInstance {
    census: CensusSealer;
  }
}

type MemberRow = typeof employerCensusMembers.$inferSelect;

const sealedRow = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  employeeId: z.string().nullable(),
  dateOfBirth: z.string(),
});

/**
 * Census rows at rest (decision 0057): what identifies an employee is sealed with the results key,
 * and only keyed digests stay in clear to find a row by. The digests are per group, so the same
 * address in two groups' censuses cannot be linked from the table alone.
 */
export interface CensusSealer {
  /** the columns a census line is stored as: sealed record, its key, and its digests */
  seal(groupId: string, row: CensusRow): Pick<MemberRow, 'memberKey' | 'keyId' | 'sealed' | 'emailIndex' | 'employeeIdIndex'>;
  /** the census line of a stored row: opened when sealed, as it stands when a row is still in clear */
  open(member: MemberRow): CensusRow;
  /** the row's key across uploads (employee ID, else e-mail), as a digest */
  memberKeyOf(groupId: string, row: Pick<CensusRow, 'email' | 'employeeId'>): string;
  /** the digest of what an employee typed as their e-mail or employee ID, as each index holds it */
  indexesOf(groupId: string, typed: string): { emailIndex: string; employeeIdIndex: string };
}

/**
 * `appSecret` is the shop's own (AUTH_SECRET): the digests' key is derived from it for this one use,
 * so a digest means nothing without it, and rotating the results key does not move the digests.
 */
export function createCensusSealer(cipher: ResultsCipher, appSecret: string): CensusSealer {
  const indexKey = Buffer.from(hkdfSync('sha256', appSecret, 'employer-census', 'census-index-v1', 32));
  const digest = (groupId: string, value: string) => createHmac('sha256', indexKey).update(`${groupId}\n${value}`).digest('base64url');
  const contextOf = (groupId: string, memberKey: string) => `employer-census:${groupId}:${memberKey}`;
  const emailIndexOf = (groupId: string, email: string) => digest(groupId, censusKey({ email: email.trim(), employeeId: null }));
  const idIndexOf = (groupId: string, id: string) => digest(groupId, censusKey({ email: null, employeeId: id.trim() }));
  return {
    seal(groupId, row) {
      const memberKey = digest(groupId, censusKey(row));
      return {
        memberKey,
        keyId: cipher.keyId,
        sealed: cipher.seal(JSON.stringify(sealedRow.parse(row)), contextOf(groupId, memberKey)),
        emailIndex: row.email ? emailIndexOf(groupId, row.email) : null,
        employeeIdIndex: row.employeeId ? idIndexOf(groupId, row.employeeId) : null,
      };
    },
    open(member) {
      if (member.sealed && member.keyId) {
        return sealedRow.parse(JSON.parse(cipher.open(member.keyId, member.sealed, contextOf(member.groupId, member.memberKey))));
      }
      return sealedRow.parse(member);
    },
    memberKeyOf: (groupId, row) => digest(groupId, censusKey(row)),
    indexesOf: (groupId, typed) => ({ emailIndex: emailIndexOf(groupId, typed), employeeIdIndex: idIndexOf(groupId, typed) }),
  };
}

/** The census rows of a group whose e-mail or employee ID digest is that of what an employee typed. */
export const censusCandidates = (db: Executor, sealer: CensusSealer, groupId: string, typed: string) => {
  const { emailIndex, employeeIdIndex } = sealer.indexesOf(groupId, typed);
  return db
    .select()
    .from(employerCensusMembers)
    .where(
      and(
        eq(employerCensusMembers.groupId, groupId),
        isNull(employerCensusMembers.removedInVersion),
        or(eq(employerCensusMembers.emailIndex, emailIndex), eq(employerCensusMembers.employeeIdIndex, employeeIdIndex)),
      ),
    );
};

/**
 * Seals the rows written in clear before migration 0042, at start, and empties their clear columns.
 * Each row is sealed under a condition that it is still in clear, so two processes starting at once
 * do it once. A process of the version before, still running mid-deploy, finds no match in a
 * sealed row (its eligibility check refuses, it does not fail) until it is replaced.
 */
export async function sealCensusInClear(db: Database, sealer: CensusSealer): Promise<number> {
  const inClear = await db.select().from(employerCensusMembers).where(isNull(employerCensusMembers.sealed));
  for (const member of inClear) {
    const row = sealer.open(member);
    await db
      .update(employerCensusMembers)
      .set({ ...sealer.seal(member.groupId, row), firstName: null, lastName: null, email: null, employeeId: null, dateOfBirth: null })
      .where(and(eq(employerCensusMembers.id, member.id), isNull(employerCensusMembers.sealed)));
  }
  return inClear.length;
}
