export * from './auth';
export * from './catalogue';
export * from './search-data';
