import { Flex } from 'antd';
import { ConflictsCard } from './conflicts-card';
import { PageTitle } from '@portal/shared/ui';

/** `/admin/dor/conflicts`: every conflict of interest declared, for the super-reviewer. */
export function ConflictsPage() {
  return (
    <Flex vertical gap={16}>
      <PageTitle>Conflicts of interest</PageTitle>
      <ConflictsCard everyone />
    </Flex>
  );
}
