export { ActiveFormRedirect } from './active-form-redirect';
export { DashboardLayout } from './dashboard-layout';
