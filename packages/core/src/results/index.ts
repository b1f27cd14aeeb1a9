export * from './reference.ts';
export * from './flag.ts';
export * from './schema.ts';
export * from './evaluate.ts';
export * from './ordered.ts';
export * from './critical.ts';
