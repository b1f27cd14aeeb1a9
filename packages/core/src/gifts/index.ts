export * from './messages.ts';
export * from './rules.ts';
export * from './schemas.ts';
export * from './codes.ts';
export * from './redemption.ts';
export * from './delivery-day.ts';
