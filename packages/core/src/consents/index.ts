export * from './consents.ts';
