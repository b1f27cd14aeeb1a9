export * from './auth.ts';
export * from './catalog.ts';
export * from './quiz.ts';
export * from './cart.ts';
export * from './orders.ts';
export * from './payments.ts';
export * from './email.ts';
export * from './rate-limit.ts';
