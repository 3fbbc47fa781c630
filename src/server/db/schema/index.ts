export * from './api-keys';
export * from './auth';
export * from './catalogue';
export * from './webhooks';
