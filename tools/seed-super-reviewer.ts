/**
 * Makes a registered user a super-reviewer in a real Firebase project (the first one has to be
 * made this way; after that, super-reviewers manage roles in the portal).
 *
 *   tsx tools/seed-super-reviewer.ts --project <project-id> --email <address>
 *
 * Uses application default credentials (`gcloud auth application-default login`).
 */
import { parseArgs } from 'node:util';
import { type User } from '@portal/shared/domain';
import { COLLECTIONS } from '../functions/src/store/collections';
import type { DocumentStore } from '../functions/src/store/document-store';
import { createUsersRepository } from '../functions/src/users/users.repository';

/** Finds an identity account by email; null when there is none. */
export type FindAccountByEmail = (email: string) => Promise<{ uid: string } | null>;

export class SeedRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SeedRefusedError';
  }
}

export interface SeedResult {
  uid: string;
  email: string;
  previousRole: User['role'];
  changed: boolean;
}

/** Sets the role of the user registered with `email` to super-reviewer; refuses if there is no such user. */
export async function seedSuperReviewer(options: {
  email: string;
  findAccountByEmail: FindAccountByEmail;
  store: DocumentStore;
}): Promise<SeedResult> {
  const email = options.email.trim();
  const account = await options.findAccountByEmail(email);
  if (!account) {
    throw new SeedRefusedError(
      `No account signs in with ${email}: register through the portal first, then run this again.`,
    );
  }
  const user = await createUsersRepository(options.store).get(account.uid);
  if (!user) {
    throw new SeedRefusedError(
      `The account ${account.uid} (${email}) has no user record: it was not registered through the portal. Register through the portal, then run this again.`,
    );
  }
  if (user.role === 'super-reviewer') return { uid: user.id, email, previousRole: user.role, changed: false };
  // As the users page does: only the role changes, preferences and profile stay.
  await options.store.update(COLLECTIONS.users, user.id, { role: 'super-reviewer' });
  return { uid: user.id, email, previousRole: user.role, changed: true };
}

async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({ args: argv, options: { project: { type: 'string' }, email: { type: 'string' } } });
  if (!values.project || !values.email) {
    throw new SeedRefusedError('Usage: tsx tools/seed-super-reviewer.ts --project <project-id> --email <address>');
  }
  const { initializeApp } = await import('firebase-admin/app');
  const { getAuth } = await import('firebase-admin/auth');
  const { getFirestore } = await import('firebase-admin/firestore');
  const { createFirestoreStore } = await import('../functions/src/store/firestore-store');

  const app = initializeApp({ projectId: values.project });
  const auth = getAuth(app);
  const store = createFirestoreStore(getFirestore(app));
  try {
    const result = await seedSuperReviewer({
      email: values.email,
      store,
      findAccountByEmail: async (email) => {
        try {
          return { uid: (await auth.getUserByEmail(email)).uid };
        } catch (error) {
          if ((error as { code?: string }).code === 'auth/user-not-found') return null;
          throw error;
        }
      },
    });
    console.log(
      result.changed
        ? `${result.email} (uid ${result.uid}) in ${values.project}: role ${result.previousRole} -> super-reviewer.`
        : `${result.email} (uid ${result.uid}) in ${values.project} is already a super-reviewer; nothing changed.`,
    );
  } finally {
    await store.close();
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof SeedRefusedError ? error.message : error);
    process.exitCode = 1;
  });
}
