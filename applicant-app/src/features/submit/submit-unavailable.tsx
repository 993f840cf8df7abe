import { Alert } from 'antd';
import { Link } from '@portal/shared/router';

/** `/apply/submit/{formId}` of a form the applicant never started: nothing to review, and nothing is created. */
export function NotStarted() {
  return (
    <Alert
      type="info"
      showIcon
      title="You have not started an application for this form."
      description="There is nothing to review or submit yet. Start an application from the overview."
      action={<Link to="/apply">Go to the overview</Link>}
    />
  );
}

/** The form takes no more submits (released decisions, or past its due date): the answers stay readable. */
export function SubmitClosed({ message }: { message: string }) {
  return (
    <Alert
      type="warning"
      showIcon
      title={message}
      description="Your application was not submitted, and it can no longer be changed or submitted."
    />
  );
}
