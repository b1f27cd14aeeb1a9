export * from './paths.ts';
export * from './messages.ts';
export * from './schemas.ts';
export * from './forms.ts';
export * from './pipeline.ts';
