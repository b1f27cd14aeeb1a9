export * from './food-log.ts';
