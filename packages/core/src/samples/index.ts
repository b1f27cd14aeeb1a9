export * from './rejection.ts';
export * from './lost-kits.ts';
export * from './notice.ts';
