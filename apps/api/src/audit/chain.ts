import { asc, eq, gt, isNull, count, sql } from 'drizzle-orm';
import { auditChainHead, auditLog, type Executor } from '@shop/db';

/** The hash the first line of the chain follows (migration 0052's genesis). */
export const GENESIS_HASH = '0'.repeat(64);

export type ChainBreak =
  /** the line's content no longer gives its hash: it was changed */
  | 'changed'
  /** a line's place is missing: one was deleted */
  | 'missing'
  /** the line does not follow the hash of the one before it: lines were reordered or rewritten */
  | 'relinked'
  /** a line has no place in the chain: written with the trigger switched off */
  | 'unchained'
  /** the chain's head is not its last line: lines at the end were deleted */
  | 'head';

export interface ChainReport {
  /** lines read */
  lines: number;
  intact: boolean;
  /** the first line found broken (its `seq`; 0 for the head or an unchained line), and how */
  broken?: { seq: number; reason: ChainBreak };
  /** the head as stored: a copy kept outside the database proves the chain was not rebuilt */
  head: { seq: number; hash: string };
}

/**
 * Reads the whole audit log in its order and recomputes each line's hash in the database (the
 * same function the insert trigger uses): a changed line, a deleted one, lines reordered or a
 * deleted tail are found. The trigger refuses UPDATE and DELETE, so a break means someone switched
 * it off (a superuser) or wrote to the files.
 */
export async function verifyAuditChain(db: Executor, batchSize = 1000): Promise<ChainReport> {
  const [stored] = await db.select().from(auditChainHead).where(eq(auditChainHead.id, 1));
  const head = { seq: stored?.seq ?? 0, hash: stored?.hash ?? GENESIS_HASH };
  const [unchained] = await db.select({ n: count() }).from(auditLog).where(isNull(auditLog.seq));
  let lines = 0;
  const broken = (seq: number, reason: ChainBreak): ChainReport => ({ lines, intact: false, broken: { seq, reason }, head });
  if ((unchained?.n ?? 0) > 0) return broken(0, 'unchained');

  let lastSeq = 0;
  let lastHash = GENESIS_HASH;
  for (;;) {
    const batch = await db
      .select({
        seq: auditLog.seq,
        hash: auditLog.hash,
        prevHash: auditLog.prevHash,
        expected: sql<string>`audit_log_row_hash(${auditLog})`,
      })
      .from(auditLog)
      .where(gt(auditLog.seq, lastSeq))
      .orderBy(asc(auditLog.seq))
      .limit(batchSize);
    for (const line of batch) {
      const seq = line.seq ?? 0;
      lines += 1;
      if (seq !== lastSeq + 1) return broken(lastSeq + 1, 'missing');
      if (line.prevHash !== lastHash) return broken(seq, 'relinked');
      if (line.expected !== line.hash) return broken(seq, 'changed');
      lastSeq = seq;
      lastHash = line.hash;
    }
    if (batch.length < batchSize) break;
  }
  if (head.seq !== lastSeq || head.hash !== lastHash) return broken(0, 'head');
  return { lines, intact: true, head };
}
