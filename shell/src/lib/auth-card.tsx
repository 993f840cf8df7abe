import type { ReactNode } from 'react';
import { Card } from 'antd';
import { PageTitle } from '@portal/shared/ui';

/** The frame of every account page: a centred card with a title. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: '24px 0' }}>
      <Card style={{ width: '100%', maxWidth: 440 }}>
        <PageTitle style={{ margin: '0 0 0.5em' }}>{title}</PageTitle>
        {children}
      </Card>
    </div>
  );
}
