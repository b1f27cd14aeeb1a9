export * from './experiments.ts';
export * from './definitions.ts';
export * from './assignment.ts';
export * from './statistics.ts';
export * from './report.ts';
