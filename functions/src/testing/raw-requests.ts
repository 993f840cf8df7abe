import request from 'supertest';
import { type User } from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import type { Harness } from './api-harness';
import { userRecord } from '../users/users.repository';

/** Test helpers shared by the admin users, admin forms and preferences route tests. */

const COLLECTION_NAMES = [...Object.values(COLLECTIONS), 'system'];

/** Every document of every collection, and every identity account: compare before and after a refused call. */
export async function dumpState(harness: Harness): Promise<unknown> {
  const collections: Record<string, unknown> = {};
  for (const name of COLLECTION_NAMES) {
    collections[name] = (await harness.store.query(name)).items;
  }
  const accounts = [...harness.accounts.accounts.values()].sort((a, b) => a.uid.localeCompare(b.uid));
  return { collections, accounts };
}

export async function addUser(harness: Harness, user: Partial<User> & Pick<User, 'id'>): Promise<User> {
  const full: User = {
    email: `${user.id}@example.com`,
    firstName: user.id,
    lastName: 'Person',
    role: 'applicant',
    activeApplications: [],
    ...user,
  };
  await harness.store.set(COLLECTIONS.users, full.id, userRecord(full));
  await harness.accounts.ensureAccount({
    uid: full.id,
    email: full.email,
    password: 'test-password-1',
    displayName: `${full.firstName} ${full.lastName}`,
    emailVerified: true,
  });
  return full;
}

export type Method = 'get' | 'post' | 'put';

/** The same call without any token. */
export function unauthenticated(harness: Harness, method: Method, path: string, body: object = {}): request.Test {
  const call = request(harness.server)[method](`/api${path}`);
  return method === 'get' ? call : call.send(body);
}

/** A JSON body with an own `__proto__` key, as an attacker would send it (an object literal would set the prototype). */
export function withProtoKey(body: object): string {
  const fields = JSON.stringify(body).slice(1, -1);
  return `{"__proto__":{"role":"super-reviewer"}${fields ? `,${fields}` : ''}}`;
}

/** Sends a raw JSON text as dora, the super-reviewer. */
export function rawAsDora(harness: Harness, method: 'post' | 'put', path: string, json: string): request.Test {
  const call =
    method === 'post' ? request(harness.server).post(`/api${path}`) : request(harness.server).put(`/api${path}`);
  return call.set('Authorization', 'Bearer token-dora').set('Content-Type', 'application/json').send(json);
}
