import { setTimeout as delay } from 'node:timers/promises';
import type { ApplicationForm, ApplicationResponse } from '@portal/shared/domain';
import { formStatusOf } from '../forms/form-status';
import { formStatusMigration } from '../migrations/form-status';
import { COLLECTIONS } from '../store/collections';
import type { DocumentStore, StoreTransaction } from '../store/document-store';
import {
  completeResponse,
  DAY_MS,
  FORM_ID,
  later,
  START,
  startResponse,
  storedResponse,
  withAnswers,
} from '../testing/api-harness';
import { describeOnStores } from '../testing/store-targets';

/**
 * A start, save or submit checks the form's status (forms/form-status.ts) in its transaction and
 * reads the form's content outside it (docs/architecture.md#the-save-path): a staff edit of the
 * content neither waits for a save in flight (Firestore's locks) nor makes it retry (SQLite's
 * check at commit), while a release or a due-date change still lands atomically against it.
 */

jest.setTimeout(60_000);

interface Attempt {
  /** `collection/id` of every document the attempt read. */
  reads: string[];
  /** `collection/id` of every document it wrote. */
  writes: string[];
}

interface Hold {
  /** Resolves when a matching attempt has done its work and waits to commit. */
  reached: Promise<void>;
  /** Lets it commit. */
  release(): void;
  /** The attempts of matching transactions since the hold was set, the held one first. */
  attempts: Attempt[];
}

/**
 * The store the API runs on, recording what each transaction attempt reads; `hold` keeps the next
 * transaction whose reads match from committing until released (its work done, its reads taken).
 */
function observed(store: DocumentStore) {
  const attempts: Attempt[] = [];
  let armed: { matches: (reads: string[]) => boolean; hold: Hold; gate: Promise<void>; reached: () => void } | null =
    null;
  let watched: { matches: (reads: string[]) => boolean; attempts: Attempt[] } | null = null;

  const recording = (tx: StoreTransaction, attempt: Attempt): StoreTransaction => ({
    get: (collection, id) => {
      attempt.reads.push(`${collection}/${id}`);
      return tx.get(collection, id);
    },
    getDerived: (collection, id, cache) => {
      attempt.reads.push(`${collection}/${id}`);
      return tx.getDerived(collection, id, cache);
    },
    count: (collection, where) => tx.count(collection, where),
    create: (collection, id, data) => {
      attempt.writes.push(`${collection}/${id}`);
      tx.create(collection, id, data);
    },
    set: (collection, id, data) => {
      attempt.writes.push(`${collection}/${id}`);
      tx.set(collection, id, data);
    },
    update: (collection, id, patch) => {
      attempt.writes.push(`${collection}/${id}`);
      tx.update(collection, id, patch);
    },
    delete: (collection, id) => {
      attempt.writes.push(`${collection}/${id}`);
      tx.delete(collection, id);
    },
  });

  const wrapped: DocumentStore = {
    ...store,
    transaction: (work) =>
      store.transaction(async (tx) => {
        const attempt: Attempt = { reads: [], writes: [] };
        attempts.push(attempt);
        let result: Awaited<ReturnType<typeof work>>;
        try {
          result = await work(recording(tx, attempt));
        } finally {
          if (watched?.matches(attempt.reads)) watched.attempts.push(attempt);
        }
        const held = armed;
        if (held?.matches(attempt.reads)) {
          armed = null;
          held.reached();
          await held.gate;
        }
        return result;
      }),
  };

  return {
    store: wrapped,
    /** The reads of every transaction attempt `action` made. */
    async readsOf(action: () => Promise<unknown>): Promise<string[]> {
      const first = attempts.length;
      await action();
      return attempts.slice(first).flatMap((attempt) => attempt.reads);
    },
    /** Every write of a transaction attempt so far. */
    writes: () => attempts.flatMap((attempt) => attempt.writes),
    hold(matches: (reads: string[]) => boolean): Hold {
      let reached!: () => void;
      let release!: () => void;
      const reachedPromise = new Promise<void>((resolve) => (reached = resolve));
      const gate = new Promise<void>((resolve) => (release = resolve));
      const hold: Hold = { reached: reachedPromise, release, attempts: [] };
      watched = { matches, attempts: hold.attempts };
      armed = { matches, hold, gate, reached };
      return hold;
    },
  };
}

let observer: ReturnType<typeof observed>;
const wrap = (store: DocumentStore) => {
  observer = observed(store);
  return observer.store;
};

/** A save's or submit's transaction on the response (a revision of the response reads no form status). */
const savesResponse = (id: string) => (reads: string[]) =>
  reads.includes(`${COLLECTIONS.responses}/${id}`) && reads.includes(`${COLLECTIONS.formStatus}/${FORM_ID}`);
const collectionsOf = (reads: string[]) => new Set(reads.map((read) => read.slice(0, read.indexOf('/'))));
const formDoc = `${COLLECTIONS.forms}/${FORM_ID}`;
const statusDoc = `${COLLECTIONS.formStatus}/${FORM_ID}`;

/** What `request` answered if it answered within `ms`, else 'still waiting' (it goes on). */
async function within<T>(request: PromiseLike<T>, ms: number): Promise<T | 'still waiting'> {
  const timeout = new AbortController();
  const timer = delay(ms, 'still waiting' as const, { signal: timeout.signal }).catch(() => 'still waiting' as const);
  try {
    return await Promise.race([Promise.resolve(request), timer]);
  } finally {
    timeout.abort();
  }
}

/** A request started now (supertest sends on `then`). */
const sent = <T>(request: PromiseLike<T>): Promise<T> => Promise.resolve(request);

describeOnStores(
  'form-status',
  'the form on the save path, on %s',
  (run) => {
    run('a start, an autosave and a submit read the form status in their transactions, never the form', async (h) => {
      let started!: ApplicationResponse;
      const startReads = await observer.readsOf(async () => {
        started = await startResponse(h);
      });
      const complete = await completeResponse(h, started);
      const saveReads = await observer.readsOf(async () => {
        expect((await h.as('ada').put(`/application/save/${started.id}`, complete)).status).toBe(200);
      });
      const submitReads = await observer.readsOf(async () => {
        const saved = (await storedResponse(h, started.id))!;
        expect((await h.as('ada').post('/application/submit', { ...complete, version: saved.version })).status).toBe(
          200,
        );
      });
      for (const reads of [startReads, saveReads, submitReads]) {
        expect(reads).toContain(statusDoc);
        expect(collectionsOf(reads)).not.toContain(COLLECTIONS.forms);
      }
    });

    run(
      'a content edit published while a save is in its transaction neither waits for it nor makes it retry',
      async (h) => {
        const started = await startResponse(h);
        const hold = observer.hold(savesResponse(started.id));
        const saving = sent(
          h
            .as('ada')
            .put(`/application/save/${started.id}`, withAnswers(started, { 'about-you.preferred-name': 'Nova' })),
        );
        await hold.reached;
        const reworded = structuredClone(h.form);
        reworded.sections[0]!.questions[1]!.questionText = 'Which year are you in?';
        const published = await within(h.as('dora').post('/application/forms', reworded), 10_000);
        hold.release();
        const saved = await saving;

        expect(published === 'still waiting' ? published : published.status).toBe(201);
        expect(saved.status).toBe(200);
        expect(hold.attempts).toHaveLength(1);
        expect((await storedResponse(h, started.id))!.version).toBe(started.version + 1);
        expect(await h.store.get<ApplicationForm>(COLLECTIONS.forms, FORM_ID)).toEqual(reworded);
        // The edit wrote the form, not its status document.
        expect(observer.writes()).toContain(formDoc);
        expect(observer.writes()).not.toContain(statusDoc);
        expect(await h.store.get(COLLECTIONS.formStatus, FORM_ID)).toEqual(formStatusOf(h.form));
      },
    );

    run('a due-date change lands atomically against a submit in flight: never a submit after it', async (h) => {
      const started = await startResponse(h);
      const complete = await completeResponse(h, started);
      const hold = observer.hold(savesResponse(started.id));
      const submitting = sent(h.as('ada').post('/application/submit', complete));
      await hold.reached;
      const moving = sent(
        h.as('dora').put(`/admin/forms/${FORM_ID}/due-date`, { dueDate: later(START, -DAY_MS).toISOString() }),
      );
      // SQLite lets the change commit now (the submit then runs again on it); Firestore holds it
      // until the submit has committed (the submit came first).
      const early = await within(moving, 2_000);
      hold.release();
      const [submitted, moved] = await Promise.all([submitting, moving]);

      expect(moved.status).toBe(200);
      const stored = (await storedResponse(h, started.id))!;
      if (early !== 'still waiting') {
        expect(submitted.status).toBe(403);
        expect(submitted.body.error.reason).toBe('past-due');
        expect(stored.status).toBe('in-progress');
        expect(hold.attempts.length).toBeGreaterThan(1);
      } else {
        expect(submitted.status).toBe(200);
        expect(stored.status).toBe('submitted');
      }
      const form = (await h.store.get<ApplicationForm>(COLLECTIONS.forms, FORM_ID))!;
      expect(await h.store.get(COLLECTIONS.formStatus, FORM_ID)).toEqual(formStatusOf(form));
    });

    run('a release lands atomically against a submit in flight: the submit or the release, never both', async (h) => {
      const started = await startResponse(h);
      const complete = await completeResponse(h, started);
      const hold = observer.hold(savesResponse(started.id));
      const submitting = sent(h.as('ada').post('/application/submit', complete));
      await hold.reached;
      const releasing = sent(h.as('dora').post(`/admin/forms/${FORM_ID}/release`, {}));
      const early = await within(releasing, 2_000);
      hold.release();
      const [submitted, released] = await Promise.all([submitting, releasing]);

      const outcome = `submit ${submitted.status}, release ${released.status}`;
      expect(outcome).toMatch(/^(submit 200, release 409|submit 403, release 200)$/);
      if (early !== 'still waiting') expect(outcome).toBe('submit 403, release 200');
      if (submitted.status === 403) expect(submitted.body.error.reason).toBe('released');
      const form = (await h.store.get<ApplicationForm>(COLLECTIONS.forms, FORM_ID))!;
      expect(form.decisionsReleased).toBe(released.status === 200);
      expect(await h.store.get(COLLECTIONS.formStatus, FORM_ID)).toEqual(formStatusOf(form));
    });

    run('only the actions that change the status write the status document, with the form', async (h) => {
      const writesOf = async (action: () => Promise<{ status: number }>) => {
        const before = observer.writes().length;
        expect((await action()).status).toBe(200);
        return observer.writes().slice(before);
      };
      const deadline = await writesOf(() =>
        h.as('dora').put(`/admin/forms/${FORM_ID}/offer-deadline`, { offerReplyDays: 5 }),
      );
      expect(deadline).toContain(formDoc);
      expect(deadline).not.toContain(statusDoc);
      const moved = await writesOf(() =>
        h.as('dora').put(`/admin/forms/${FORM_ID}/due-date`, { dueDate: later(START, 2 * DAY_MS).toISOString() }),
      );
      expect(moved).toEqual(expect.arrayContaining([formDoc, statusDoc]));
      const form = (await h.store.get<ApplicationForm>(COLLECTIONS.forms, FORM_ID))!;
      expect(form.offerReplyDays).toBe(5);
      expect(await h.store.get(COLLECTIONS.formStatus, FORM_ID)).toEqual(formStatusOf(form));

      // A new form gets its status document as it is published.
      const next = { ...h.form, id: 'next-form', isActive: false };
      const published = await h.as('dora').post('/application/forms', next);
      expect(published.status).toBe(201);
      expect(await h.store.get(COLLECTIONS.formStatus, 'next-form')).toEqual(formStatusOf(next));
    });

    run(
      'a form stored without a status document still works, from the form, until the migration writes it',
      async (h) => {
        await h.store.delete(COLLECTIONS.formStatus, FORM_ID);
        const started = await startResponse(h);
        const body = withAnswers(started, { 'about-you.preferred-name': 'Nova' });
        const reads = await observer.readsOf(async () => {
          expect((await h.as('ada').put(`/application/save/${started.id}`, body)).status).toBe(200);
        });
        expect(reads).toEqual(expect.arrayContaining([statusDoc, formDoc]));

        // Its status is the form's, read in the transaction: a release stored on the form refuses the save.
        await h.store.update(COLLECTIONS.forms, FORM_ID, { decisionsReleased: true });
        const refused = await h.as('ada').put(`/application/save/${started.id}`, { ...body, version: 1 });
        expect(refused.status).toBe(403);
        expect(refused.body.error.reason).toBe('released');

        await h.store.update(COLLECTIONS.forms, FORM_ID, { decisionsReleased: false });
        expect(await formStatusMigration.run(h.store)).toBe(1);
        expect(await h.store.get(COLLECTIONS.formStatus, FORM_ID)).toEqual(formStatusOf(h.form));
        expect(await formStatusMigration.run(h.store)).toBe(0);
        const after = await observer.readsOf(async () => {
          expect((await h.as('ada').put(`/application/save/${started.id}`, { ...body, version: 1 })).status).toBe(200);
        });
        expect(collectionsOf(after)).not.toContain(COLLECTIONS.forms);
      },
    );
  },
  { wrap },
);
