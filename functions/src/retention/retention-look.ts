import type { FileStore } from '../files/file-store';
import type { IdentityAdmin } from '../identity/identity-admin';
import type { MailSettings } from '../outbox/outbox';
import { createAdminUsersRepository } from '../staff/admin-users.repository';
import { createAdminUsersService } from '../staff/admin-users.service';
import { createReviewsRepository } from '../staff/reviews.repository';
import type { DocumentStore } from '../store/document-store';
import { createRetentionRepository } from './retention.repository';
import { createRetentionService, RETENTION_LOOK_MS } from './retention.service';
import { createJobsRepository } from '../jobs/jobs.repository';

/** What erasing needs beyond the store: the identity accounts and the uploaded files' bytes. */
export interface ErasureDeps {
  accounts: IdentityAdmin;
  files: FileStore;
}

/**
 * The scheduler's step for the data retention (retention.service.ts): it looks at the earliest
 * record at its first run, then once an hour (by the portal's clock), and at each run while an
 * erasure is half done. The retention's times are days apart and its notice a week ahead, so an
 * hour late is nothing, and the scheduler's idle minutes read nothing for it
 * (docs/performance.md#reads-and-writes-what-firestore-bills). A scheduler built for each run (a
 * cold start) looks at once.
 */
export function createRetentionLook(deps: {
  store: DocumentStore;
  now: () => Date;
  mail: MailSettings;
  /** Absent: an erasure whose time has come fails the run (the notice and the dry run need none). */
  erasure?: ErasureDeps;
}) {
  const { store, now, mail } = deps;
  const erasure =
    deps.erasure &&
    createAdminUsersService({
      users: createAdminUsersRepository(store),
      reviews: createReviewsRepository(store),
      accounts: deps.erasure.accounts,
      files: deps.erasure.files,
      jobs: createJobsRepository(store),
      now,
    });
  const service = createRetentionService({ retention: createRetentionRepository(store), erasure, now, mail });
  let lastLook: number | null = null;
  let lookAgain = false;
  return {
    service,
    async runIfDue(): Promise<{ notices: number; erased: number }> {
      const at = now().getTime();
      if (!lookAgain && lastLook !== null && at >= lastLook && at - lastLook < RETENTION_LOOK_MS) {
        return { notices: 0, erased: 0 };
      }
      lastLook = at;
      const { notices, erased, more } = await service.runDue();
      lookAgain = more;
      return { notices, erased };
    },
  };
}
