export * from './questions.ts';
export * from './variants.ts';
export * from './answers.ts';
export * from './engine.ts';
export * from './steps.ts';
