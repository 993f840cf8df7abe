import { Alert } from 'antd';

/** What every staff screen says once a form's decisions are released (its review work is read-only). */
export const RELEASED_READ_ONLY =
  'Decisions have been released: assignments and qualified flags can no longer be changed. A decision can still be changed with "Change decision…", which tells the applicant.';

export function ReleasedNotice() {
  return <Alert type="info" showIcon title={RELEASED_READ_ONLY} />;
}
