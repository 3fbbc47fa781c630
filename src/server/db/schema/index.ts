export * from './auth';
export * from './catalogue';
