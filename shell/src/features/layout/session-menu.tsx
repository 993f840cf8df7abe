import { Button } from 'antd';
import { useNavigate } from '@portal/shared/router';
import { useSignOut } from '../../lib/identity/use-identity';

/** Header actions of a signed-in user. */
export default function SessionMenu() {
  const navigate = useNavigate();
  const signOut = useSignOut();
  return (
    <nav aria-label="Account" style={{ display: 'flex', gap: 8 }}>
      <Button type="text" onClick={() => navigate('/profile')}>
        Profile
      </Button>
      <Button onClick={() => void signOut()}>Log out</Button>
    </nav>
  );
}
