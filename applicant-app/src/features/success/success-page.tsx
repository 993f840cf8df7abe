import { Flex, Result } from 'antd';
import { Link } from '@portal/shared/router';

/** `/apply/success`: shown once an application has been submitted. */
export default function SuccessPage() {
  return (
    <Result
      status="success"
      title="Your application has been submitted!"
      subTitle="Thank you for applying. We will review your application and let you know when decisions are released."
      extra={
        <Flex gap={16} justify="center" wrap>
          <Link to="/apply/status">View your application status</Link>
          <Link to="/apply">Back to the overview</Link>
        </Flex>
      }
    />
  );
}
