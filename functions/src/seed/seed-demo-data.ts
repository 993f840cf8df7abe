import { DEFAULT_PRIVACY_NOTICE_VERSION } from '@portal/shared/domain';
import { formStatusOf } from '../forms/form-status';
import { COLLECTIONS } from '../store/collections';
import type { IdentityAdmin } from '../identity/identity-admin';
import type { DocumentStore } from '../store/document-store';
import { userRecord } from '../users/users.repository';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-accounts';
import { demoForm } from './demo-form';

const SEED_MARKER = { collection: 'system', id: 'demo-seed' };

/**
 * Seeds the demo form and user records once (a later start keeps whatever changed since), and
 * makes sure every demo identity account exists with a verified email. The demo accounts have
 * accepted the privacy notice in force when they are seeded (`privacyNoticeVersion`), as a
 * sign-up would have; a later version asks them again (docs/product.md#privacy-notice).
 */
export async function seedDemoData(deps: {
  store: DocumentStore;
  accounts: IdentityAdmin;
  now?: Date;
  privacyNoticeVersion?: string;
}): Promise<{ seeded: boolean }> {
  const { store, accounts, now = new Date(), privacyNoticeVersion = DEFAULT_PRIVACY_NOTICE_VERSION } = deps;
  for (const user of DEMO_USERS) {
    await accounts.ensureAccount({
      uid: user.id,
      email: user.email,
      password: DEMO_PASSWORD,
      displayName: `${user.firstName} ${user.lastName}`,
      emailVerified: true,
    });
  }
  if (await store.get(SEED_MARKER.collection, SEED_MARKER.id)) return { seeded: false };
  const form = demoForm(now);
  await store.batch([
    { kind: 'set', collection: COLLECTIONS.forms, id: form.id, data: form },
    { kind: 'set', collection: COLLECTIONS.formStatus, id: form.id, data: formStatusOf(form) },
    ...DEMO_USERS.map((user) => ({
      kind: 'set' as const,
      collection: COLLECTIONS.users,
      id: user.id,
      data: userRecord({ ...user, privacyNotice: { version: privacyNoticeVersion, acceptedAt: now.toISOString() } }),
    })),
    { kind: 'create', collection: SEED_MARKER.collection, id: SEED_MARKER.id, data: { seededAt: now.toISOString() } },
  ]);
  return { seeded: true };
}
