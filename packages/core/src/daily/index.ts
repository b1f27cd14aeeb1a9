export * from './food-log.ts';
export * from './marketplace.ts';
