import type { DocumentStore } from '../store/document-store';
import { createFirestoreStore } from '../store/firestore-store';
import { createHarness, type Harness } from './api-harness';
import { connectTestFirestore, NO_FIRESTORE_EMULATOR, testFirestoreEmulatorHost } from './test-firestore';
import { testSqliteStore } from './test-store';

/** A fresh store for one test, and what empties it afterwards. */
export type StoreFactory = () => Promise<{ store: DocumentStore; cleanup: () => Promise<void> }>;

const sqlite: StoreFactory = async () => ({
  store: testSqliteStore(),
  cleanup: async () => {},
});

function firestore(name: string): StoreFactory {
  let connection: ReturnType<typeof connectTestFirestore>;
  beforeAll(() => {
    connection = connectTestFirestore(name);
  });
  afterAll(() => connection?.close());
  return async () => {
    await connection.clear();
    // The harness closes the store it is given; the shared client must stay open for the next test.
    const store = createFirestoreStore(connection.db);
    return { store: { ...store, close: async () => {} }, cleanup: () => connection.clear() };
  };
}

/**
 * The stores a test runs on, for `describe.each`: SQLite, and Google's Cloud Firestore emulator in
 * the test file's own project (`name`); null, with the reason in its name, where the emulator is not
 * installed. Call at the top level of a test file (it registers the emulator's beforeAll/afterAll).
 */
export function storeTargets(name: string): [string, StoreFactory | null][] {
  return [
    ['SQLite', sqlite],
    [
      `Firestore (Google's Cloud Firestore emulator)${testFirestoreEmulatorHost() ? '' : ` [skipped: ${NO_FIRESTORE_EMULATOR}]`}`,
      testFirestoreEmulatorHost() ? firestore(name) : null,
    ],
  ];
}

/**
 * Tests on one store target: `run(title, fn)` is a test whose `fn` gets the harness made on the
 * store (skipped where the store is not installed); `run.beforeEach(fn)` prepares each harness.
 */
export interface StoreTest {
  (title: string, fn: (harness: Harness) => Promise<void>): void;
  beforeEach(fn: (harness: Harness) => Promise<void>): void;
}

/**
 * `describe.each(storeTargets(name))` with an API harness on a fresh store for each test, closed
 * and emptied after it. Call at the top level of a test file. `wrap` (`jitteredStore`, for races)
 * wraps the store the API runs on.
 */
export function describeOnStores(
  name: string,
  title: string,
  body: (run: StoreTest, store: string) => void,
  options: { wrap?: (store: DocumentStore) => DocumentStore } = {},
): void {
  describeOn(storeTargets(name), title, body, options);
}

/**
 * `describeOnStores` on SQLite alone (`title`'s `%s` names it): the quick variant of a scenario
 * list (the functions project), whose *.emulator.test.ts runs the same list on every store.
 */
export function describeOnSqlite(
  title: string,
  body: (run: StoreTest, store: string) => void,
  options: { wrap?: (store: DocumentStore) => DocumentStore } = {},
): void {
  describeOn([['SQLite', sqlite]], title, body, options);
}

/**
 * `describeOnStores` on the Firestore emulator alone: the *.emulator.test.ts twin of a scenario list
 * whose quick variant (`describeOnSqlite`, the functions project) already runs it on SQLite.
 */
export function describeOnFirestore(
  name: string,
  title: string,
  body: (run: StoreTest, store: string) => void,
  options: { wrap?: (store: DocumentStore) => DocumentStore } = {},
): void {
  describeOn(
    storeTargets(name).filter(([, makeStore]) => makeStore !== sqlite),
    title,
    body,
    options,
  );
}

function describeOn(
  targets: [string, StoreFactory | null][],
  title: string,
  body: (run: StoreTest, store: string) => void,
  options: { wrap?: (store: DocumentStore) => DocumentStore },
): void {
  describe.each(targets)(title, (storeName, makeStore) => {
    let harness: Harness;
    let cleanup: () => Promise<void>;

    beforeEach(async () => {
      if (!makeStore) return;
      const made = await makeStore();
      cleanup = made.cleanup;
      harness = await createHarness({ store: options.wrap ? options.wrap(made.store) : made.store });
    });

    afterEach(async () => {
      if (!makeStore) return;
      await harness.close();
      await cleanup();
    });

    const run: StoreTest = Object.assign(
      (testTitle: string, fn: (harness: Harness) => Promise<void>) =>
        (makeStore ? it : it.skip)(testTitle, () => fn(harness)),
      {
        // Registered after the hook above, so it runs on the harness that hook made.
        beforeEach: (fn: (harness: Harness) => Promise<void>) =>
          beforeEach(async () => {
            if (makeStore) await fn(harness);
          }),
      },
    );
    body(run, storeName);
  });
}
