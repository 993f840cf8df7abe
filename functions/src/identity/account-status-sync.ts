import { createHash } from 'node:crypto';
import { COLLECTIONS } from '../store/collections';
import type { DocumentStore } from '../store/document-store';
import { ACTIVE_ACCOUNT, recordAccountStatus, type AccountStatus } from './account-status';
import { LIST_ACCOUNTS_MAX, type IdentityAdmin, type ListedAccount } from './identity-admin';

/**
 * Pages of accounts one sync run lists (each one call to the provider): a pass over up to 10,000
 * accounts fits in one run, so with a run a minute a change made at the provider alone reaches the
 * user record within a minute. More accounts take ⌈accounts / 10,000⌉ runs a pass.
 */
export const SYNC_PAGES_PER_RUN = 10;
/**
 * The documents the sync's memory of every account's status is spread over, by a hash of the uid,
 * each read every run. A document holds about 40 bytes an account (65 with a revocation time), so
 * 4 stay under Firestore's 1 MiB up to about 60,000 accounts (a write past it fails the run). To
 * change the number, delete the `account-statuses` collection with it: the next pass rebuilds it.
 */
export const STATUS_SHARDS = 4;
const CURSOR_ID = 'cursor';

/** Where a pass that did not fit in one run goes on: after `afterUid`, from `pageToken`. */
interface SyncCursor {
  pageToken: string;
  afterUid: string;
}

/**
 * One shard: the status each of its accounts had at the provider when last synced, by uid. One
 * string field (JSON), not a map, so Firestore indexes one value instead of one per account.
 */
interface StatusShard {
  statuses: string;
}

export interface AccountSyncRun {
  /** Accounts listed (pages × up to 1,000). */
  listed: number;
  /** Provider calls made. */
  pages: number;
  /** User records whose status was written (a change at the provider, or an account gone from it). */
  written: number;
  /** Whether this run finished a pass over every account. */
  passEnded: boolean;
}

/** An account's status as one comparable string: 'a' active, 'd' disabled, then '@' and the revocation time. */
const statusKey = ({ disabled, sessionsValidAfter }: AccountStatus) =>
  `${disabled ? 'd' : 'a'}${sessionsValidAfter === null ? '' : `@${sessionsValidAfter}`}`;
const ACTIVE_KEY = statusKey(ACTIVE_ACCOUNT);
/** An account gone from the provider: its record refuses every session. */
const GONE: AccountStatus = { disabled: true, sessionsValidAfter: null };

const shardOf = (uid: string) =>
  Number.parseInt(createHash('sha256').update(uid).digest('hex').slice(0, 4), 16) % STATUS_SHARDS;
const shardId = (index: number) => `shard-${index}`;

const ascending = (accounts: readonly ListedAccount[], afterUid: string | null) =>
  accounts.every((account, i) =>
    i === 0 ? afterUid === null || account.uid > afterUid : account.uid > accounts[i - 1]!.uid,
  );

/**
 * Brings what the identity provider alone changed onto the user records (account-status.ts): an
 * account an operator disabled or enabled in the provider's console, sessions the provider revoked
 * (its own password reset), an account deleted there. The request path reads only the record, so
 * this is how such a change reaches it; the portal's own revocations write the record themselves.
 *
 * Kept cheap: the provider is listed SYNC_PAGES_PER_RUN pages a run (a pass over more accounts goes
 * on in the next runs from a cursor), the sync's memory of every account's last status is read as
 * STATUS_SHARDS documents, and only an account whose status differs from that memory costs anything
 * more: its record read and written, its shard written. A pass over unchanged accounts reads
 * STATUS_SHARDS + 1 documents and writes none. Accounts are listed in uid order, so an account the
 * memory has and a page's uid range skips is gone from the provider. Runs must not overlap (the
 * `account-sync` lease).
 */
export async function syncAccountStatuses(deps: {
  store: DocumentStore;
  accounts: IdentityAdmin;
  pagesPerRun?: number;
  pageSize?: number;
}): Promise<AccountSyncRun> {
  const { store, accounts } = deps;
  const pagesPerRun = deps.pagesPerRun ?? SYNC_PAGES_PER_RUN;
  const pageSize = deps.pageSize ?? LIST_ACCOUNTS_MAX;
  const collection = COLLECTIONS.accountStatuses;

  const [cursor, ...shardDocs] = await Promise.all([
    store.get<SyncCursor & Record<string, unknown>>(collection, CURSOR_ID),
    ...Array.from({ length: STATUS_SHARDS }, (_, index) =>
      store.get<StatusShard & Record<string, unknown>>(collection, shardId(index)),
    ),
  ]);
  const shards = shardDocs.map((doc) => new Map(Object.entries(doc ? (JSON.parse(doc.statuses) as object) : {})));
  const changedShards = new Set<number>();
  const known = (uid: string): string | undefined => shards[shardOf(uid)]!.get(uid) as string | undefined;
  const remember = (uid: string, key: string | undefined) => {
    const shard = shardOf(uid);
    if (shards[shard]!.get(uid) === key) return;
    if (key === undefined) shards[shard]!.delete(uid);
    else shards[shard]!.set(uid, key);
    changedShards.add(shard);
  };

  const listed: ListedAccount[] = [];
  let pageToken = cursor?.pageToken;
  let pages = 0;
  do {
    const page = await accounts.listAccounts({ ...(pageToken ? { pageToken } : {}), maxResults: pageSize });
    listed.push(...page.accounts);
    pageToken = page.nextPageToken;
    pages += 1;
  } while (pageToken && pages < pagesPerRun);
  const passEnded = !pageToken;

  let written = 0;
  for (const account of listed) {
    const key = statusKey(account);
    const before = known(account.uid);
    if (before === key) continue;
    // An account first seen active: its record has no status fields to write.
    if (before === undefined && key === ACTIVE_KEY) {
      remember(account.uid, key);
      continue;
    }
    const recorded = await recordAccountStatus(store, account.uid, account);
    if (recorded) written += 1;
    // An identity without a record yet keeps a revoking status unremembered: tried again each pass,
    // so a record created meanwhile gets it.
    if (recorded || key === ACTIVE_KEY) remember(account.uid, key);
  }

  // Only when the listing came in uid order does a uid it skipped mean an account that is gone.
  const afterUid = cursor?.afterUid ?? null;
  if (ascending(listed, afterUid)) {
    const lastUid = listed.at(-1)?.uid ?? null;
    const inRange = (uid: string) =>
      (afterUid === null || uid > afterUid) && (passEnded || (lastUid !== null && uid <= lastUid));
    const seen = new Set(listed.map((account) => account.uid));
    for (const shard of shards) {
      for (const uid of [...shard.keys()]) {
        if (seen.has(uid) || !inRange(uid)) continue;
        if (await recordAccountStatus(store, uid, GONE)) written += 1;
        remember(uid, undefined);
      }
    }
  }

  const writes: Promise<void>[] = [...changedShards].map((index) =>
    store.set(collection, shardId(index), { statuses: JSON.stringify(Object.fromEntries(shards[index]!)) }),
  );
  if (passEnded) {
    if (cursor) writes.push(store.delete(collection, CURSOR_ID));
  } else {
    const next: SyncCursor = { pageToken: pageToken!, afterUid: listed.at(-1)!.uid };
    writes.push(store.set(collection, CURSOR_ID, { ...next }));
  }
  await Promise.all(writes);
  return { listed: listed.length, pages, written, passEnded };
}
