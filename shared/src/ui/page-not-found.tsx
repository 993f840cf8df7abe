import { Button } from 'antd';
import { useNavigate } from '@portal/shared/router';
import { ResultTitle } from './page-title';
import { StatusResult } from './status-result';

/** The not-found page of every app (spec: the `*` route). */
export function PageNotFound() {
  const navigate = useNavigate();
  return (
    <StatusResult
      status="404"
      title={<ResultTitle>Page not found</ResultTitle>}
      subTitle="The page you are looking for does not exist or has moved."
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          Back to the home page
        </Button>
      }
    />
  );
}
