export * from './upload.ts';
export * from './review.ts';
