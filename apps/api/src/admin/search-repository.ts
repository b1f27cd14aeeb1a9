import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { leads, orders, users, type Executor } from '@shop/db';

export interface Page {
  limit: number;
  offset: number;
}

const likeTerm = (term: string) => `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** Orders for the console: by order number or e-mail, by status, newest first, with the total count. */
export async function searchOrders(db: Executor, filter: { q?: string; status?: string }, page: Page) {
  const conditions: SQL[] = [];
  const q = filter.q?.trim().replace(/^#/, '');
  if (q) {
    const byEmail = ilike(orders.email, likeTerm(q));
    conditions.push(/^\d{1,9}$/.test(q) ? (or(eq(orders.number, Number(q)), byEmail) as SQL) : byEmail);
  }
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select().from(orders).where(where).orderBy(desc(orders.createdAt)).limit(page.limit).offset(page.offset),
    db.select({ value: count() }).from(orders).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** Customers with how many orders each placed. */
export async function searchCustomers(db: Executor, q: string | undefined, page: Page) {
  const conditions: SQL[] = [eq(users.role, 'customer')];
  if (q?.trim()) conditions.push(or(ilike(users.email, likeTerm(q.trim())), ilike(users.name, likeTerm(q.trim()))) as SQL);
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: users.id, name: users.name, email: users.email, createdAt: users.createdAt, orderCount: count(orders.id) })
      .from(users)
      .leftJoin(orders, eq(orders.userId, users.id))
      .where(where)
      .groupBy(users.id)
      .orderBy(desc(users.createdAt))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function searchLeads(db: Executor, filter: { kind?: string; q?: string; email?: string }, page: Page) {
  const conditions: SQL[] = [];
  if (filter.email) conditions.push(sql`lower(${leads.email}) = ${filter.email.toLowerCase()}`);
  if (filter.kind) conditions.push(eq(leads.kind, filter.kind));
  if (filter.q?.trim()) conditions.push(ilike(leads.email, likeTerm(filter.q.trim())));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select().from(leads).where(where).orderBy(desc(leads.createdAt)).limit(page.limit).offset(page.offset),
    db.select({ value: count() }).from(leads).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}
