export * from './api-client';
export * from './portal-context';
export * from './require-role';
export * from './session-queries';
export * from './toasts';
export * from './applications';
export * from './use-retry-unless-answered';
export * from './autosave';
