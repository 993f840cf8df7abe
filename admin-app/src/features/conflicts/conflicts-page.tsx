import { Flex, Typography } from 'antd';
import { ConflictsCard } from './conflicts-card';

/** `/admin/dor/conflicts`: every conflict of interest declared, for the super-reviewer. */
export function ConflictsPage() {
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        Conflicts of interest
      </Typography.Title>
      <ConflictsCard everyone />
    </Flex>
  );
}
