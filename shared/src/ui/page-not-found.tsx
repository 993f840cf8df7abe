import { Button } from 'antd';
import { useNavigate } from '@portal/shared/router';
import { StatusResult } from './status-result';

/** The not-found page of every app (spec: the `*` route). */
export function PageNotFound() {
  const navigate = useNavigate();
  return (
    <StatusResult
      status="404"
      title="Page not found"
      subTitle="The page you are looking for does not exist or has moved."
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          Back to the home page
        </Button>
      }
    />
  );
}
