import { DEFAULT_PRIVACY_NOTICE_VERSION } from '@portal/shared/domain';

/** Creates verified applicants through the portal's own API and the Auth emulator's admin REST API. */
export interface BenchApplicant {
  email: string;
  uid: string;
  idToken: string;
}

export async function createVerifiedApplicant(
  baseUrl: string,
  projectId: string,
  email: string,
): Promise<BenchApplicant> {
  const password = 'bench-password-1';
  const registered = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      email,
      password,
      firstName: 'Bench',
      lastName: 'Applicant',
      privacyNoticeVersion: DEFAULT_PRIVACY_NOTICE_VERSION,
    }),
  });
  if (!registered.ok) throw new Error(`register ${email}: ${registered.status} ${await registered.text()}`);
  const { id: uid } = (await registered.json()) as { id: string };
  const verified = await fetch(`${baseUrl}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:update`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: uid, emailVerified: true }),
  });
  if (!verified.ok) throw new Error(`verify ${email}: ${verified.status} ${await verified.text()}`);
  const signedIn = await fetch(
    `${baseUrl}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  if (!signedIn.ok) throw new Error(`sign in ${email}: ${signedIn.status} ${await signedIn.text()}`);
  const { idToken } = (await signedIn.json()) as { idToken: string };
  return { email, uid, idToken };
}

/** An id token from the Auth emulator (through the portal's proxy) for a password account. */
export async function signIn(baseUrl: string, email: string, password = 'demo-password-123'): Promise<string> {
  const res = await fetch(`${baseUrl}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  if (!res.ok) throw new Error(`sign in ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { idToken: string }).idToken;
}
