import { Button } from 'antd';
import { useNavigate } from '@portal/shared/router';
import { LogOutButton } from '../../lib/log-out-button';

/** Header actions of a signed-in user. */
export default function SessionMenu() {
  const navigate = useNavigate();
  return (
    <nav aria-label="Account" style={{ display: 'flex', gap: 8 }}>
      <Button type="text" onClick={() => navigate('/profile')}>
        Profile
      </Button>
      <LogOutButton />
    </nav>
  );
}
