export * from './schedule.ts';
export * from './membership.ts';
