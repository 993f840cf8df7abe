import type { ReactNode } from 'react';
import { Card, Typography } from 'antd';

/** The frame of every account page: a centred card with a title. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: '24px 0' }}>
      <Card style={{ width: '100%', maxWidth: 440 }}>
        <Typography.Title level={2} style={{ marginTop: 0 }}>
          {title}
        </Typography.Title>
        {children}
      </Card>
    </div>
  );
}
