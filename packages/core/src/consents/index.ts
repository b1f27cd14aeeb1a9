export * from './consents.ts';
export * from './health-data.ts';
export * from './at-payment.ts';
