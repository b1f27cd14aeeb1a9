import { leadForms, leadRecord, type LeadData, type LeadKind } from '@shop/core';
import type { Database } from '@shop/db';
import type { EventRecorder } from '../events/bus.ts';
import { insertLead } from './repository.ts';

/**
 * Keeps a lead the visitor sent. Sending the same form again is not an error (a double click, a
 * second visit): the answer is the same, and the lead is stored only once. A new lead is recorded
 * as an event with it, and what its form promised to e-mail follows from there (notify.ts).
 */
export async function submitLead<K extends LeadKind>(
  deps: { db: Database; events: EventRecorder },
  kind: K,
  data: LeadData<K>,
): Promise<{ message: string }> {
  await deps.db.transaction(async (tx) => {
    const leadId = await insertLead(tx, leadRecord(kind, data));
    if (leadId) await deps.events.record(tx, 'lead.received', { leadId, kind });
  });
  return { message: leadForms[kind].success };
}
