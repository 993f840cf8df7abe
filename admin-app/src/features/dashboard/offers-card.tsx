import { Card, Table } from 'antd';
import { RoleBadge } from '@portal/shared/ui';
import { useOffers } from '../../api/rows';

/** Offers made per role and how applicants answered (shown once there is an offer). */
export function OffersCard({ formId }: { formId: string }) {
  const offers = useOffers(formId);
  const items = offers.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Card size="small" title="Offers" role="region" aria-label="Offers">
      <Table
        size="small"
        rowKey="role"
        pagination={false}
        dataSource={items}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: 'Role', key: 'role', render: (_: unknown, item) => <RoleBadge role={item.role} /> },
          { title: 'Offers made', dataIndex: 'offers', key: 'offers' },
          { title: 'Accepted', dataIndex: 'accepted', key: 'accepted' },
          { title: 'Declined', dataIndex: 'declined', key: 'declined' },
          { title: 'Pending', dataIndex: 'pending', key: 'pending' },
        ]}
      />
    </Card>
  );
}
