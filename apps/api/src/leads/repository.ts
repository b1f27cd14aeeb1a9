import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { leads, type Executor } from '@shop/db';

export interface NewLead {
  kind: string;
  email: string;
  dedupeKey: string;
  fields: Record<string, string | boolean>;
}

/** Stores a lead once: a second one with the same kind and dedupe key is left out. True when stored. */
export async function insertLead(db: Executor, lead: NewLead): Promise<boolean> {
  const rows = await db
    .insert(leads)
    .values(lead)
    .onConflictDoNothing({ target: [leads.kind, leads.dedupeKey] })
    .returning({ id: leads.id });
  return rows.length > 0;
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
