/**
 * A small API server for the crash-recovery test: createApp over a SQLite file (CRASH_DB) or, with
 * CRASH_STORE=firestore, the Firestore adapter on the emulator at FIRESTORE_EMULATOR_HOST in project
 * CRASH_PROJECT (the data outlives the killed process there too), a fake identity
 * verifier (`token-<uid>` is the verified identity `uid`), the demo form and `CRASH_USERS`
 * applicant records (`crash-0` ... `crash-<n-1>`) written if missing. Meant to be run as its own
 * process (`node --import tsx crash-server.ts`, so the pid is the server itself and SIGKILL hits it)
 * with CRASH_DB (the database file) and CRASH_PORT (0 = any free port). Prints
 * `crash-server listening on <port>` once it accepts requests; stops cleanly on SIGTERM.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pino from 'pino';
import { type User } from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import { createApp } from '../app';
import type { FileStore } from '../files/file-store';
import { createInMemoryIdentityAdmin } from '../identity/in-memory-identity-admin';
import type { IdentityVerifier } from '../identity/identity-verifier';
import { demoForm } from '../seed/demo-form';
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import type { DocumentStore } from '../store/document-store';
import { createFirestoreStore } from '../store/firestore-store';
import { createSqliteStore } from '../store/sqlite-store';
import { userRecord } from '../users/users.repository';

export const CRASH_READY = /crash-server listening on (\d+)/;
export const crashUid = (index: number) => `crash-${index}`;

const fakeVerifier: IdentityVerifier = {
  async verifyIdToken(token) {
    const match = /^token-(crash-\d+)$/.exec(token);
    if (!match) throw new Error('unknown token');
    const uid = match[1]!;
    return { uid, email: `${uid}@example.com`, emailVerified: true };
  },
};

const noFiles: FileStore = {
  put: () => Promise.reject(new Error('no file storage in the crash server')),
  stat: () => Promise.reject(new Error('no file storage in the crash server')),
  read: () => Promise.reject(new Error('no file storage in the crash server')),
  delete: () => Promise.reject(new Error('no file storage in the crash server')),
};

function createStore(): { store: DocumentStore; storeName: string } {
  if (process.env.CRASH_STORE === 'firestore') {
    const projectId = process.env.CRASH_PROJECT;
    if (!projectId || !process.env.FIRESTORE_EMULATOR_HOST) {
      throw new Error('CRASH_STORE=firestore needs CRASH_PROJECT and FIRESTORE_EMULATOR_HOST');
    }
    return { store: createFirestoreStore(getFirestore(initializeApp({ projectId }))), storeName: 'firestore' };
  }
  const filename = process.env.CRASH_DB;
  if (!filename) throw new Error('CRASH_DB must name the database file');
  return { store: createSqliteStore({ filename }), storeName: 'sqlite' };
}

async function main() {
  const port = Number(process.env.CRASH_PORT ?? 0);
  const users = Number(process.env.CRASH_USERS ?? 10);

  const { store, storeName } = createStore();
  const form = demoForm(new Date());
  if (!(await store.get(COLLECTIONS.forms, form.id))) await store.set(COLLECTIONS.forms, form.id, form);
  for (let index = 0; index < users; index++) {
    const uid = crashUid(index);
    if (await store.get(COLLECTIONS.users, uid)) continue;
    const user: User = {
      id: uid,
      email: `${uid}@example.com`,
      firstName: 'Crash',
      lastName: `Applicant ${index}`,
      role: 'applicant',
      activeApplications: [],
    };
    await store.set(COLLECTIONS.users, uid, userRecord(user));
  }

  const app = createApp({
    store,
    files: noFiles,
    identity: fakeVerifier,
    accounts: createInMemoryIdentityAdmin(),
    logger: pino({ level: 'silent' }),
    storeName,
    version: 'crash-test',
  });
  const server = await new Promise<Server>((resolve, reject) => {
    const listening = app.listen(port, '127.0.0.1', () => resolve(listening));
    listening.once('error', reject);
  });
  console.log(`crash-server listening on ${(server.address() as AddressInfo).port}`);

  process.once('SIGTERM', () => {
    server.close(() => {
      void store.close().then(() => process.exit(0));
    });
    server.closeAllConnections();
  });
}

// Only when run as the process itself: the test imports the constants above without starting anything.
if (process.argv[1] && path.resolve(process.argv[1]) === __filename) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
