export * from './portal-logo';
export * from './page-not-found';
export * from './zod-form';
export * from './role-badge';
