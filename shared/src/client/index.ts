export * from './api-client';
export * from './health-queries';
export * from './portal-context';
export * from './toasts';
