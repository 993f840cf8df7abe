import { randomUUID } from 'node:crypto';
import type { ConflictOfInterest } from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import { patchEachDocument } from './patch-each-document';
import type { Migration } from './run-migrations';

/**
 * Conflicts of interest were once answered under their stored id, which ends in a hash of the
 * applicant's email: a blind reviewer could hash candidate addresses until one matched. The API
 * now answers a random `publicId` instead; each conflict declared before gets one (and is withdrawn
 * by it).
 */
export const conflictPublicIdsMigration: Migration = {
  id: '2026-12-conflict-public-ids',
  run: (store) =>
    patchEachDocument<ConflictOfInterest>(store, COLLECTIONS.conflicts, [], (conflict) =>
      conflict.publicId ? null : { publicId: randomUUID() },
    ),
};
