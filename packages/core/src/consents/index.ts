export * from './consents.ts';
export * from './health-data.ts';
