import { Worker } from 'node:worker_threads';

/**
 * Checkpoints of the SQLite store's write-ahead log, off the request thread. A checkpoint copies the
 * WAL's pages into the database file and syncs both (an fsync each); SQLite's automatic checkpoint
 * runs it inside the commit that crosses its threshold, on the thread that serves requests, and cost
 * about half of a save's commit time. A worker thread with a connection of its own checkpoints
 * PASSIVE every CHECKPOINT_INTERVAL_MS instead: it never blocks a writer or a reader, and a page
 * rewritten by many commits in between is copied once.
 *
 * Durability is unchanged: a commit is in the WAL (written before COMMIT returns, synchronous
 * NORMAL) whoever checkpoints it later, and SQLite replays the WAL on the next open after a crash.
 * The request connection keeps an automatic checkpoint at a high threshold
 * (SAFETY_NET_CHECKPOINT_PAGES), so the WAL stays bounded if the worker falls behind or stops.
 */
export const CHECKPOINT_INTERVAL_MS = 250;
/** The request connection's own automatic checkpoint (SQLite's default is 1000 pages). */
export const SAFETY_NET_CHECKPOINT_PAGES = 10_000;

/** The worker, as CommonJS source: runs as is under tsx, jest and compiled code alike. */
const WORKER_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.filename, { fileMustExist: true });
db.pragma('synchronous = ' + workerData.synchronous);
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage({ error: String(error) });
  }
}, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  /** Stops the worker and closes its connection (before the store closes its own). */
  stop(): Promise<void>;
  /** Whether its thread has started (after the first interval). */
  readonly started: boolean;
}

export function startCheckpointer(options: {
  filename: string;
  synchronous: string;
  intervalMs?: number;
}): Checkpointer {
  const intervalMs = options.intervalMs ?? CHECKPOINT_INTERVAL_MS;
  // A failed checkpoint loses nothing (the WAL keeps every commit, the safety net checkpoints): it is reported.
  const reportError = (message: string) => process.emitWarning(`SQLite checkpoint of ${options.filename}: ${message}`);
  let worker: Worker | undefined;
  let exited: Promise<void> | undefined;
  const spawn = () => {
    worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        driver: require.resolve('better-sqlite3'),
        filename: options.filename,
        synchronous: options.synchronous,
        intervalMs,
      },
    });
    // A store left open does not keep the process alive.
    worker.unref();
    worker.on('message', (message: { error?: string }) => {
      if (message.error) reportError(message.error);
    });
    exited = new Promise<void>((resolve) => worker!.once('exit', () => resolve()));
    worker.on('error', (error) => reportError(String(error)));
  };
  // The worker starts when the first interval has passed, not at the open: a thread costs about a
  // tenth of a CPU second to start, and a store closed before then (a test's, a tool's) has nothing
  // the connection's own checkpoint at close would not copy. Its first checkpoint comes an interval
  // later than it would have; every commit is in the WAL meanwhile, as it is between checkpoints.
  const start = setTimeout(spawn, intervalMs);
  start.unref();
  return {
    get started() {
      return worker !== undefined;
    },
    async stop() {
      clearTimeout(start);
      if (!worker) return;
      // Waiting for it must keep the process alive (unref'd, it would let a process with nothing
      // else to do exit in the middle of closing its store).
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
