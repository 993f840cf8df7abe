import type { ReactNode } from 'react';
import { Spin } from 'antd';
import { RequireRole } from '@portal/shared/client';
import type { UserRole } from '@portal/shared/domain/ids/constants';

const SUPER: readonly UserRole[] = ['super-reviewer'];

/**
 * docs/product.md#screens-and-routes: every page under /admin/dor/ but the dashboard shell is for
 * super-reviewers only.
 */
export function SuperOnly({ children }: { children: ReactNode }) {
  return (
    <RequireRole
      roles={SUPER}
      fallback={<Spin description="Checking your account..." style={{ display: 'block', margin: '48px auto' }} />}
    >
      {children}
    </RequireRole>
  );
}
