export * from './portal-logo';
export * from './page-not-found';
