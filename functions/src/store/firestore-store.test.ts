import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { TransactionContentionError } from './document-store';
import { createFirestoreStore } from './firestore-store';

/** How the Cloud Firestore emulator answers when it dropped a transaction under load. */
const closed = () =>
  Object.assign(new Error('3 INVALID_ARGUMENT: Transaction is invalid or closed.'), {
    code: 3,
    details: 'Transaction is invalid or closed.',
  });

/** A Firestore whose transactions first fail with each of `failures`, then run. */
function firestoreFailingWith(failures: Error[]) {
  const runs: number[] = [];
  const db = {
    runTransaction: jest.fn(async (work: (tx: Transaction) => Promise<unknown>) => {
      runs.push(runs.length + 1);
      const failure = failures.shift();
      if (failure) throw failure;
      return work({} as Transaction);
    }),
  };
  return { store: createFirestoreStore(db as unknown as Firestore), runs };
}

describe('the Firestore adapter, when the emulator drops a transaction', () => {
  it('runs the transaction again from the start: nothing of the dropped one was committed', async () => {
    const { store, runs } = firestoreFailingWith([closed()]);
    await expect(store.transaction(async () => 'done')).resolves.toBe('done');
    expect(runs).toEqual([1, 2]);
  });

  it('answers contention (a 409 that may be sent again), not an unknown error, when it keeps dropping it', async () => {
    const { store, runs } = firestoreFailingWith([closed(), closed(), closed(), closed()]);
    await expect(store.transaction(async () => 'done')).rejects.toBeInstanceOf(TransactionContentionError);
    expect(runs).toEqual([1, 2, 3]);
  });

  it('does not run again after any other refusal', async () => {
    const refused = Object.assign(new Error('3 INVALID_ARGUMENT: something else'), { code: 3 });
    const { store, runs } = firestoreFailingWith([refused]);
    await expect(store.transaction(async () => 'done')).rejects.toBe(refused);
    expect(runs).toEqual([1]);
  });
});
