export * from './marketing-pages.ts';
export * from './events.ts';
export * from './integrations.ts';
