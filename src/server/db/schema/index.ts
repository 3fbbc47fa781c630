export * from './api-keys';
export * from './auth';
export * from './catalogue';
export * from './search-data';
export * from './spend';
export * from './stores';
export * from './webhooks';
