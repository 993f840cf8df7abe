import { Button } from 'antd';
import { useCurrentUser } from '@portal/shared/client';
import { USER_ROLE_LABELS } from '@portal/shared/domain/ids/constants';
import { homePathForRole } from '@portal/shared/domain/rules/roles';
import { useNavigate } from '@portal/shared/router';
import { LogOutButton } from '../../lib/log-out-button';
import { LoadingScreen } from '@portal/shared/ui';

/** docs/product.md#landing-page: a signed-in user is offered their role's home and logging out. */
export default function SignedInLanding() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  if (user.isPending) return <LoadingScreen />;
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 12, marginTop: 16 }}>
      {user.data && (
        <Button type="primary" size="large" onClick={() => navigate(homePathForRole(user.data!.role))}>
          Enter {USER_ROLE_LABELS[user.data.role]} Home
        </Button>
      )}
      <LogOutButton size="large" />
    </div>
  );
}
