import { Typography } from 'antd';
import { Link } from '@portal/shared/router';

/** Local mode only: where the emails of the Auth emulator can be read. */
export function LocalMailboxLink({ email }: { email?: string | null }) {
  if (!__PORTAL_LOCAL_MODE__) return null;
  const to = email ? `/mailbox?email=${encodeURIComponent(email)}` : '/mailbox';
  return (
    <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
      Running locally, no email is sent: <Link to={to}>open the local mailbox</Link>.
    </Typography.Paragraph>
  );
}
