export * from './groups.ts';
export * from './census.ts';
export * from './messages.ts';
export * from './bank.ts';
export * from './portal-forms.ts';
export * from './groups-of-five.ts';
export * from './admin-invitations.ts';
