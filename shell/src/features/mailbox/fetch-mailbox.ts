import type { LocalMailboxMessage } from '@portal/shared/domain/messages/messages';
import { clientConfig } from '../../lib/client-config';

export interface MailboxMessage {
  kind: 'verify' | 'reset';
  /** The portal page that completes the action, with the out-of-band code. */
  path: string;
}

interface EmulatorOobCode {
  email: string;
  oobCode: string;
  requestType: string;
}

const ACTIONS: Record<string, { kind: MailboxMessage['kind']; page: string; mode: string }> = {
  VERIFY_EMAIL: { kind: 'verify', page: '/verify', mode: 'verifyEmail' },
  PASSWORD_RESET: { kind: 'reset', page: '/resetpassword', mode: 'resetPassword' },
};

/** Reads the Auth emulator's out-of-band codes (proxied on this origin), newest first. */
export async function fetchMailbox(email: string, fetchImpl: typeof fetch = fetch): Promise<MailboxMessage[]> {
  const response = await fetchImpl(`/emulator/v1/projects/${clientConfig.firebase.projectId}/oobCodes`);
  if (!response.ok) throw new Error(`the Auth emulator answered ${response.status}`);
  const { oobCodes = [] } = (await response.json()) as { oobCodes?: EmulatorOobCode[] };
  const address = email.toLowerCase();
  return oobCodes
    .filter((code) => code.email.toLowerCase() === address && ACTIONS[code.requestType])
    .reverse()
    .map((code) => {
      const action = ACTIONS[code.requestType]!;
      const query = new URLSearchParams({ mode: action.mode, oobCode: code.oobCode });
      return { kind: action.kind, path: `${action.page}?${query.toString()}` };
    });
}

/** The outbox's emails to an address (the local server's GET /local/mailbox), newest first. */
export async function fetchOutbox(email: string, fetchImpl: typeof fetch = fetch): Promise<LocalMailboxMessage[]> {
  const response = await fetchImpl(`/local/mailbox?${new URLSearchParams({ email }).toString()}`);
  if (!response.ok) throw new Error(`the local server answered ${response.status}`);
  const { messages = [] } = (await response.json()) as { messages?: LocalMailboxMessage[] };
  return messages;
}
