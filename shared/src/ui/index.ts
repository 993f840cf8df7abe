export * from './portal-logo';
export * from './page-not-found';
export * from './zod-form';
export * from './role-badge';
export * from './query-states';
export * from './file-name';
export * from './answer-text';
export * from './application-answers';
