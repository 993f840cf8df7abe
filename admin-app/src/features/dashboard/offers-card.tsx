import { Card, Table, Typography } from 'antd';
import { RoleBadge } from '@portal/shared/ui';
import { useOffers } from '../../api/rows';
import { OFFER_PLANNED_HELP } from '../../lib/labels';
import { wideTable } from '../../lib/wide-table';

/**
 * Offers made per role and how applicants answered (shown once there is an offer). Before the
 * release no applicant has been told, so the offers are planned ones and there is no answer yet.
 */
export function OffersCard({ formId, released }: { formId: string; released: boolean }) {
  const offers = useOffers(formId);
  const items = offers.data?.items ?? [];
  if (items.length === 0) return null;
  const title = released ? 'Offers' : 'Planned offers';
  return (
    <Card size="small" title={title} role="region" aria-label={title}>
      {!released && <Typography.Paragraph type="secondary">{OFFER_PLANNED_HELP}</Typography.Paragraph>}
      <Table
        size="small"
        rowKey="role"
        pagination={false}
        dataSource={items}
        {...wideTable('max-content')}
        columns={[
          { title: 'Role', key: 'role', render: (_: unknown, item) => <RoleBadge role={item.role} /> },
          ...(released
            ? [
                { title: 'Offers made', dataIndex: 'offers', key: 'offers' },
                { title: 'Accepted', dataIndex: 'accepted', key: 'accepted' },
                { title: 'Declined', dataIndex: 'declined', key: 'declined' },
                { title: 'Pending', dataIndex: 'pending', key: 'pending' },
                { title: 'Expired', dataIndex: 'expired', key: 'expired' },
              ]
            : [{ title: 'Offers planned', dataIndex: 'offers', key: 'offers' }]),
        ]}
      />
    </Card>
  );
}
