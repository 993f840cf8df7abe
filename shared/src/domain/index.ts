export * from './constants';
export * from './errors';
export * from './health';
export * from './schemas';
export * from './client-config';
export * from './account';
export * from './roles';
