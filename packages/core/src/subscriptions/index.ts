export * from './schedule.ts';
export * from './membership.ts';
export * from './renewal-notices.ts';
