import { leadForms, leadRecord, type LeadData, type LeadKind } from '@shop/core';
import type { Database } from '@shop/db';
import { enqueueEmail } from '../email/queue.ts';
import { whitepaperEmail } from '../email/templates.ts';
import { insertLead } from './repository.ts';

/**
 * Keeps a lead the visitor sent. Sending the same form again is not an error (a double click, a
 * second visit): the answer is the same, and the lead is stored only once. The whitepaper form's
 * promise is kept: its e-mail is queued with the lead, once.
 */
export async function submitLead<K extends LeadKind>(
  db: Database,
  publicUrl: string,
  kind: K,
  data: LeadData<K>,
): Promise<{ message: string }> {
  await db.transaction(async (tx) => {
    const stored = await insertLead(tx, leadRecord(kind, data));
    if (stored && kind === 'whitepaper') {
      const { email, firstName } = data as LeadData<'whitepaper'>;
      await enqueueEmail(tx, whitepaperEmail(email, firstName, publicUrl));
    }
  });
  return { message: leadForms[kind].success };
}
