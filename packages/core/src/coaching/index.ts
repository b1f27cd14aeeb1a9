export * from './rules.ts';
export * from './credits.ts';
export * from './eastern-time.ts';
export * from './ics.ts';
export * from './schemas.ts';
