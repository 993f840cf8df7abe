import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { createApp } from '../../functions/src/app';
import type { FileStore } from '../../functions/src/files/file-store';
import { createInMemoryIdentityAdmin } from '../../functions/src/identity/in-memory-identity-admin';
import type { IdentityVerifier } from '../../functions/src/identity/identity-verifier';
import type { DocumentStore } from '../../functions/src/store/document-store';

/** The file store of a bench that has no files: any use of it fails. */
const noFiles: FileStore = {
  put: () => Promise.reject(new Error('no files in this bench')),
  stat: () => Promise.reject(new Error('no files in this bench')),
  read: () => Promise.reject(new Error('no files in this bench')),
  delete: () => Promise.reject(new Error('no files in this bench')),
};

/** Every bench user signs in as `Bearer bench.<uid>` (`benchAuthorization`). */
const verifier: IdentityVerifier = {
  async verifyIdToken(token) {
    if (!token.startsWith('bench.')) throw new Error('unknown token');
    const uid = token.slice('bench.'.length);
    return { uid, email: `${uid}@example.com`, emailVerified: true };
  },
};

/** The Authorization header of the bench user `uid`. */
export const benchAuthorization = (uid: string): string => `Bearer bench.${uid}`;

/**
 * The real Express app on `store` (no files, bench sign-in, silent log), listening on loopback:
 * `base` is its API's URL (`http://127.0.0.1:<port>/api`).
 */
export async function startInProcessApi(
  store: DocumentStore,
  storeName: string,
): Promise<{ base: string; close: () => Promise<void> }> {
  const app = createApp({
    store,
    files: noFiles,
    identity: verifier,
    accounts: createInMemoryIdentityAdmin(),
    logger: pino({ level: 'silent' }),
    storeName,
    version: 'bench',
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
