export { PageNotFound as default } from '@portal/shared/ui';
