import { z } from 'zod';

/** Where an employer's demo request stands: new, contacted, then won or lost. */
export const demoRequestStatuses = ['new', 'contacted', 'won', 'lost'] as const;
export type DemoRequestStatus = (typeof demoRequestStatuses)[number];

export const demoRequestStatusLabels: Record<DemoRequestStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  won: 'Won',
  lost: 'Lost',
};

/**
 * The moves a request may make. A request is contacted before it is won; one lost may be taken
 * up again; a won one became a customer and stays won.
 */
export const demoRequestMoves: Record<DemoRequestStatus, readonly DemoRequestStatus[]> = {
  new: ['contacted', 'lost'],
  contacted: ['won', 'lost'],
  won: [],
  lost: ['contacted'],
};

export const canMoveDemoRequest = (from: DemoRequestStatus, to: DemoRequestStatus) => demoRequestMoves[from].includes(to);

/** A note of the team about a request: what was said, agreed or planned. */
export const demoRequestNoteSchema = z
  .string()
  .trim()
  .min(1, { error: 'Please write the note' })
  .max(2000, { error: 'Keep a note under 2,000 characters' });

/** The address an employer group of this company would start with (`/b2b/{slug}`): the operator may change it. */
export function slugFromCompany(company: string): string {
  return company
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
}
