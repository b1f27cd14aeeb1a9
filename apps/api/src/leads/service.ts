import { leadForms, leadRecord, type LeadData, type LeadKind } from '@shop/core';
import type { Executor } from '@shop/db';
import { insertLead } from './repository.ts';

/**
 * Keeps a lead the visitor sent. Sending the same form again is not an error (a double click, a
 * second visit): the answer is the same, and the lead is stored only once.
 */
export async function submitLead<K extends LeadKind>(db: Executor, kind: K, data: LeadData<K>): Promise<{ message: string }> {
  await insertLead(db, leadRecord(kind, data));
  return { message: leadForms[kind].success };
}
