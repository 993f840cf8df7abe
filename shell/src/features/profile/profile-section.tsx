import type { ReactNode } from 'react';
import { theme, Typography } from 'antd';

/**
 * A section of the profile page below the profile form ("Your data", "Delete my account"): a rule
 * above it and its heading, which labels it (`${id}-title`).
 */
export function ProfileSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <section
      aria-labelledby={`${id}-title`}
      style={{ marginTop: 24, paddingTop: 24, borderTop: `1px solid ${token.colorSplit}` }}
    >
      <Typography.Title id={`${id}-title`} level={2} style={{ margin: '0 0 0.5em', fontSize: 20 }}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}
