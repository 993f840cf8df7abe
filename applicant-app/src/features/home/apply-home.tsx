import { Alert, Card, Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { healthQueryOptions, usePortal } from '@portal/shared/client';

export function ApplyHome() {
  const { api } = usePortal();
  const health = useQuery(healthQueryOptions(api));
  return (
    <Card>
      <Typography.Title level={2}>Applicant Home</Typography.Title>
      {health.isPending && <Spin />}
      {health.isError && (
        <Alert type="error" showIcon title={`The portal API is unreachable: ${health.error.message}`} />
      )}
      {health.isSuccess && (
        <Typography.Text>Connected to the portal API (version {health.data.version}).</Typography.Text>
      )}
    </Card>
  );
}
