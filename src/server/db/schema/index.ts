export * from './api-keys';
export * from './auth';
export * from './catalogue';
export * from './run-records';
export * from './search-data';
export * from './spend';
export * from './stores';
export * from './webhooks';
