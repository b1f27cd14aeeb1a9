import { and, desc, eq, lt, ne, sql, type SQL } from 'drizzle-orm';
import { clinicMembers, leads, users, type Executor } from '@shop/db';

export interface NewLead {
  kind: string;
  email: string;
  dedupeKey: string;
  fields: Record<string, string | boolean>;
}

/** Stores a lead once: a second one with the same kind and dedupe key is left out. Its id when stored, null when not. */
export async function insertLead(db: Executor, lead: NewLead): Promise<string | null> {
  const [row] = await db
    .insert(leads)
    .values(lead)
    .onConflictDoNothing({ target: [leads.kind, leads.dedupeKey] })
    .returning({ id: leads.id });
  return row?.id ?? null;
}

export async function findLead(db: Executor, id: string) {
  const [row] = await db.select().from(leads).where(eq(leads.id, id));
  return row ?? null;
}

/**
 * Whether the practitioner a referral names was referred before it (by anyone), or already has a
 * clinic of the shop: either way they are not e-mailed about the dashboard again.
 */
export async function practitionerKnown(db: Executor, referral: { id: string; createdAt: Date }, providerEmail: string): Promise<boolean> {
  const address = providerEmail.toLowerCase();
  const [earlier] = await db
    .select({ id: leads.id })
    .from(leads)
    .where(
      and(
        eq(leads.kind, 'provider_referral'),
        ne(leads.id, referral.id),
        lt(leads.createdAt, referral.createdAt),
        sql`lower(${leads.fields}->>'providerEmail') = ${address}`,
      ),
    )
    .limit(1);
  if (earlier) return true;
  const [member] = await db
    .select({ id: clinicMembers.userId })
    .from(clinicMembers)
    .innerJoin(users, eq(users.id, clinicMembers.userId))
    .where(sql`lower(${users.email}) = ${address}`)
    .limit(1);
  return member !== undefined;
}

export async function listLeads(db: Executor, filter: { kind?: string; email?: string }, limit: number) {
  const conditions: SQL[] = [];
  if (filter.kind) conditions.push(eq(leads.kind, filter.kind));
  if (filter.email) conditions.push(sql`lower(${leads.email}) = ${filter.email.toLowerCase()}`);
  return db
    .select()
    .from(leads)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(leads.createdAt))
    .limit(limit);
}
