import { COLLECTIONS } from '../store/collections';
import { countingStore } from '../store/counting-store';
import { later, SIGNED_IN, testUser, type Harness } from '../testing/api-harness';
import { describeOnStores } from '../testing/store-targets';
import { userRecord } from '../users/users.repository';
import { STATUS_SHARDS, syncAccountStatuses } from './account-status-sync';

const SESSION_NOT_VALID = { error: { code: 'unauthenticated', message: 'Your session is not valid; sign in again' } };

const sync = (harness: Harness, options: { pagesPerRun?: number; pageSize?: number } = {}) =>
  syncAccountStatuses({ store: harness.store, accounts: harness.accounts, ...options });

const sessionStatus = async (harness: Harness, caller: 'ada' | 'eve' | 'dora') =>
  (await harness.as(caller).get('/session')).status;

describeOnStores('account-status-sync', 'the scheduled account sync on %s', (run) => {
  run(
    "brings a disable done in the provider's console onto the record in one run, and an enable back",
    async (harness) => {
      await sync(harness);
      harness.accounts.setDisabled('ada', true);
      // The request path never asks the provider: until the sync runs, the record still lets ada in.
      expect(await sessionStatus(harness, 'ada')).toBe(200);

      expect(await sync(harness)).toMatchObject({ written: 1, passEnded: true });
      const refused = await harness.as('ada').get('/session');
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual(SESSION_NOT_VALID);
      expect(await sessionStatus(harness, 'eve')).toBe(200);

      harness.accounts.setDisabled('ada', false);
      expect(await sync(harness)).toMatchObject({ written: 1 });
      expect(await sessionStatus(harness, 'ada')).toBe(200);
      expect(await harness.store.get(COLLECTIONS.users, 'ada')).not.toHaveProperty('disabled');
    },
  );

  run(
    'brings a revocation at the provider (its own password reset) onto the record: older sessions end',
    async (harness) => {
      await sync(harness);
      harness.accounts.revokeSessions('dora', later(SIGNED_IN, 60_000).getTime());
      expect(await sessionStatus(harness, 'dora')).toBe(200);
      expect(await sync(harness)).toMatchObject({ written: 1 });
      expect(await harness.store.get(COLLECTIONS.users, 'dora')).toMatchObject({
        sessionsValidAfter: later(SIGNED_IN, 60_000).toISOString(),
      });
      expect((await harness.as('dora').get('/admin/users')).status).toBe(401);
      expect(await sessionStatus(harness, 'ada')).toBe(200);
    },
  );

  run('marks the record of an account deleted at the provider alone, so its sessions end', async (harness) => {
    await sync(harness);
    harness.accounts.accounts.delete('eve');
    expect(await sessionStatus(harness, 'eve')).toBe(200);
    expect(await sync(harness)).toMatchObject({ written: 1 });
    expect(await harness.store.get(COLLECTIONS.users, 'eve')).toMatchObject({ disabled: true });
    expect(await sessionStatus(harness, 'eve')).toBe(401);
    expect(await sessionStatus(harness, 'ada')).toBe(200);
  });

  run('gives a revoking status to a record created after the sync first saw the account', async (harness) => {
    await harness.accounts.ensureAccount({
      uid: 'ghost',
      email: 'ghost@example.com',
      password: 'test-password-1',
      displayName: 'Ghost Tester',
      emailVerified: true,
    });
    harness.accounts.setDisabled('ghost', true);
    expect(await sync(harness)).toMatchObject({ written: 0 });
    await harness.store.set(COLLECTIONS.users, 'ghost', userRecord(testUser('ghost')));
    expect(await sync(harness)).toMatchObject({ written: 1 });
    expect(await harness.store.get(COLLECTIONS.users, 'ghost')).toMatchObject({ disabled: true });
    expect(await sync(harness)).toMatchObject({ written: 0 });
  });

  run('spreads a pass over runs, page by page, and finds a deletion only in the range it listed', async (harness) => {
    // The callers in uid order: ada, dora, eve, rita, rob, una; two a page, one page a run.
    const options = { pagesPerRun: 1, pageSize: 2 };
    for (let i = 0; i < 3; i++) await sync(harness, options);
    harness.accounts.accounts.delete('rob');
    harness.accounts.setDisabled('ada', true);
    expect(await sync(harness, options)).toEqual({ listed: 2, pages: 1, written: 1, passEnded: false });
    expect(await sync(harness, options)).toEqual({ listed: 2, pages: 1, written: 0, passEnded: false });
    expect(await sync(harness, options)).toEqual({ listed: 1, pages: 1, written: 1, passEnded: true });
    const records = (await harness.store.query(COLLECTIONS.users)).items;
    const marked = records.filter(({ data }) => data.disabled === true).map(({ id }) => id);
    expect(marked.sort()).toEqual(['ada', 'rob']);
  });

  run(
    'costs a read a shard, no writes and one provider call a page for a pass over unchanged accounts',
    async (harness) => {
      for (let i = 0; i < 2_500; i++) {
        const uid = `user-${String(i).padStart(5, '0')}`;
        harness.accounts.accounts.set(uid, {
          uid,
          email: `${uid}@example.com`,
          password: 'test-password-1',
          displayName: 'Many Tester',
          emailVerified: true,
          ...(i % 100 === 0 ? { tokensValidAfterMs: SIGNED_IN.getTime() } : {}),
        });
        if (i % 100 === 0) await harness.store.set(COLLECTIONS.users, uid, userRecord(testUser(uid)));
      }
      const store = countingStore(harness.store);
      const first = await store.measure(() => syncAccountStatuses({ store, accounts: harness.accounts }));
      // The first pass remembers every account and writes the 25 records with a revocation.
      expect(first.result).toEqual({ listed: 2_506, pages: 3, written: 25, passEnded: true });
      expect(first.counts.byCollection[COLLECTIONS.accountStatuses]).toEqual({
        reads: STATUS_SHARDS + 1,
        writes: STATUS_SHARDS,
        deletes: 0,
      });
      expect(first.counts.byCollection[COLLECTIONS.users]).toEqual({ reads: 25, writes: 25, deletes: 0 });

      harness.accounts.calls.clear();
      const steady = await store.measure(() => syncAccountStatuses({ store, accounts: harness.accounts }));
      expect(steady.result).toEqual({ listed: 2_506, pages: 3, written: 0, passEnded: true });
      expect(steady.counts).toMatchObject({ reads: STATUS_SHARDS + 1, writes: 0, deletes: 0 });
      expect(Object.fromEntries(harness.accounts.calls)).toEqual({ listAccounts: 3 });
    },
  );
});
