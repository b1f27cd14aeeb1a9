export * from './schemas.ts';
export * from './forms.ts';
