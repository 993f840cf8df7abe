import { AUTOSAVE_DELAY_MS, retryDelay } from '@portal/shared/domain/ids/constants';
import { mergeFields, sameValue, type FieldConflict, type Fields } from '@portal/shared/domain/rules/three-way-merge';
import { ApiRequestError, isApiRefusal } from '../api-client';

/**
 * - idle: nothing under way (the draft may hold edits waiting for the 2 s pause);
 * - saving: a request is under way;
 * - failed: the last attempt failed; a retry may be planned (`retryAt`, or when back online);
 * - conflict: the server has changes on the same fields as ours; nothing saves until resolved;
 * - closed: the server will take no more saves (deadline passed, submitted); the draft is kept.
 */
export type SaveStatus = 'idle' | 'saving' | 'failed' | 'conflict' | 'closed';

/** What a failure means: try again later, wait for the user, or stop saving for good. */
export type FailureKind = 'retry' | 'fail' | 'final';

export interface Versioned<T> {
  value: T;
  version: number;
}

export interface AutosaveConflict<T> {
  theirs: Versioned<T>;
  fields: FieldConflict[];
}

export interface AutosaveState<T> {
  value: T;
  /** The server version the draft is based on (what the next save or a submit names). */
  version: number;
  status: SaveStatus;
  /** The draft holds edits the server does not have. */
  dirty: boolean;
  lastSavedAt: Date | null;
  /** The last failure; cleared by the next successful save. */
  error: unknown;
  /** When the next automatic retry runs (ms since the epoch), or null. */
  retryAt: number | null;
  /** The browser has no connection: the next attempt waits until it returns. */
  offline: boolean;
  conflict: AutosaveConflict<T> | null;
}

export interface AutosaveOptions<T> {
  /** The server's copy the draft is based on; its value is unknown for an old local copy. */
  base: { value: T | undefined; version: number };
  /** The draft, when it differs from the base (edits restored from a local copy). */
  value?: T;
  /** The server's copy now, when it may be newer than the base: merged in at once. */
  latest?: Versioned<T>;
  lastSavedAt: Date | null;
  save: (value: T, version: number) => Promise<Versioned<T>>;
  /** The draft's fields for the three-way merge, and a value with merged fields put back. */
  fieldsOf: (value: T) => Fields;
  withFields: (value: T, fields: Fields) => T;
  /** The server's copy carried by a refusal of a stale save; by default `details.current` of a `stale-version`. */
  staleCopy?: (error: unknown) => Versioned<T> | null;
  /** By default: no connection, 5xx, 408 and 429 are retried; any other failure waits for the user. */
  classify?: (error: unknown) => FailureKind;
  delayMs?: number;
  /**
   * The longest an edit waits while edits keep coming (the debounce's maximum wait): someone who
   * never pauses for `delayMs` is still saved this often. None by default.
   */
  maxWaitMs?: number;
  retryDelayMs?: (attemptIndex: number) => number;
  isOnline?: () => boolean;
  /** After every change of the draft or of the version it is based on. */
  onDraft?: (draft: { value: T; base: { value: T | undefined; version: number }; dirty: boolean }) => void;
  /** After every save attempt; `firstFailure` marks the first failure after a success. */
  onSettled?: (outcome: { ok: boolean; error?: unknown; firstFailure: boolean }) => void;
}

export function defaultStaleCopy<T>(error: unknown): Versioned<T> | null {
  if (!isApiRefusal(error, 'stale-version')) return null;
  const current = (error.details as { current?: { version?: unknown } } | undefined)?.current;
  return current && typeof current.version === 'number' ? { value: current as T, version: current.version } : null;
}

export function defaultClassify(error: unknown): FailureKind {
  if (!(error instanceof ApiRequestError)) return 'fail';
  const { status } = error;
  return status === 0 || status >= 500 || status === 408 || status === 429 ? 'retry' : 'fail';
}

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/**
 * The one autosave of the portal, for the applicant's editor and the staff's review drafts:
 * saves 2 s after the last edit (and at least every `maxWaitMs` while edits keep coming), one
 * request at a time, each naming the version it is based on.
 * A refusal because another tab or device saved first is merged field by field against that
 * version: fields changed on one side only merge without asking; only a field changed on both
 * sides becomes a conflict for the user. Failures are retried with backoff and when the
 * connection returns; `flush` saves what is pending and says whether the server has it all.
 */
export class AutosaveEngine<T> {
  private state: AutosaveState<T>;
  private base: { value: T | undefined; version: number };
  private readonly listeners = new Set<() => void>();
  private readonly options: AutosaveOptions<T>;
  private debounce: ReturnType<typeof setTimeout> | undefined;
  /** When the oldest edit not yet sent was made (for `maxWaitMs`). */
  private waitingSince: number | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private edits = 0;
  private failures = 0;
  private stopped = false;

  constructor(options: AutosaveOptions<T>) {
    this.options = options;
    this.base = options.base;
    const value = options.value ?? options.base.value;
    if (value === undefined) throw new Error('An autosave needs a draft or a base value');
    this.state = {
      value,
      version: options.base.version,
      status: 'idle',
      dirty: options.base.value === undefined || !this.sameFields(value, options.base.value),
      lastSavedAt: options.lastSavedAt,
      error: null,
      retryAt: null,
      offline: !this.isOnline(),
      conflict: null,
    };
    if (options.latest && options.latest.version !== options.base.version) this.rebase(options.latest);
  }

  /** The editor is on screen: a draft that differs from the server (restored edits, a merge) is saved now. */
  readonly start = (): void => {
    this.draftChanged();
    if (this.state.dirty && this.state.status === 'idle') void this.attempt();
  };

  readonly getState = (): AutosaveState<T> => this.state;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Applies an edit to the draft; the save follows the pause after the last edit. */
  readonly edit = (change: (value: T) => T): void => {
    if (this.stopped || this.state.status === 'closed') return;
    this.edits += 1;
    this.set({ value: change(this.state.value), dirty: true });
    this.draftChanged();
    if (this.state.status === 'conflict') return;
    this.clearDebounce();
    const now = Date.now();
    this.waitingSince ??= now;
    const { delayMs = AUTOSAVE_DELAY_MS, maxWaitMs } = this.options;
    const wait = maxWaitMs === undefined ? delayMs : Math.min(delayMs, this.waitingSince + maxWaitMs - now);
    this.debounce = setTimeout(() => void this.attempt(), Math.max(0, wait));
  };

  /**
   * Another tab of this browser saved a newer copy: it is merged in now, as a refused save would
   * merge it (a question changed on both sides asks), so this tab shows it without saving first.
   */
  readonly receive = (latest: Versioned<T>): void => {
    if (this.stopped || latest.version <= this.base.version) return;
    const { status } = this.state;
    // A save under way names the older version: its refusal brings the newest copy anyway.
    if (status === 'saving') {
      void this.queue.then(() => this.receive(latest));
      return;
    }
    if (status === 'conflict' || status === 'closed') return;
    this.rebase(latest);
    if (this.state.status === 'idle' && this.state.dirty && !this.debounce && !this.retryTimer) {
      this.debounce = setTimeout(() => void this.attempt(), this.options.delayMs ?? AUTOSAVE_DELAY_MS);
    }
  };

  /**
   * Saves what is pending now and waits: resolves true when the server has every edit. Used by
   * the save button, before leaving for the review page, and by logout.
   */
  readonly flush = async (): Promise<boolean> => {
    this.failures = 0;
    // An automatic merge after a refusal, or edits made during the save, need one more round.
    for (let round = 0; round < 3; round += 1) {
      if (await this.attempt()) return true;
      if (this.state.status !== 'idle') return false;
    }
    return !this.state.dirty;
  };

  /**
   * For a submit that carries the draft itself: no autosave fires any more, a save under way is
   * waited for; gives the draft and the version it is based on (null while a conflict is open).
   */
  readonly settle = async (): Promise<Versioned<T> | null> => {
    this.clearTimers();
    await this.queue;
    this.clearTimers();
    return this.state.status === 'conflict' ? null : { value: this.state.value, version: this.base.version };
  };

  /** Settles a conflict: each conflicting field takes the chosen side (mine unless named), then saves. */
  readonly resolve = (choices: Readonly<Record<string, 'mine' | 'theirs'>>): void => {
    const conflict = this.state.conflict;
    if (!conflict) return;
    const { merged, conflicts } = this.merge(conflict.theirs.value);
    for (const field of conflicts) merged[field.key] = choices[field.key] === 'theirs' ? field.theirs : field.mine;
    this.adopt(conflict.theirs, this.options.withFields(conflict.theirs.value, merged));
    if (this.state.dirty) void this.attempt();
  };

  /** The server said no more saves (deadline, submitted): keeps the draft, stops saving. */
  readonly close = (error: unknown = null): void => {
    this.clearTimers();
    this.set({ status: 'closed', error, retryAt: null });
  };

  /** Nothing is left to save (the draft was submitted): no further requests. */
  readonly stop = (): void => {
    this.stopped = true;
    this.clearTimers();
    this.set({ dirty: false, retryAt: null });
  };

  /** The connection is back: a planned retry runs now. */
  readonly online = (): void => {
    this.set({ offline: false });
    if (this.state.status === 'failed' && this.state.dirty) {
      this.failures = 0;
      void this.attempt();
    }
  };

  readonly offline = (): void => this.set({ offline: true });

  /** The page leaves the editor: what is pending is saved now; resolves when that is settled. */
  readonly leave = async (): Promise<void> => {
    this.clearDebounce();
    const { dirty, status } = this.state;
    if (dirty && status !== 'conflict' && status !== 'closed') await this.attempt();
    this.clearTimers();
  };

  /** The draft may never reach the server (the user chose to log out without it): stop everything. */
  readonly discard = (): void => {
    this.stopped = true;
    this.clearTimers();
  };

  private attempt(): Promise<boolean> {
    const run = this.queue.then(() => this.saveOnce());
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async saveOnce(): Promise<boolean> {
    this.clearTimers();
    this.waitingSince = undefined;
    const { status, dirty } = this.state;
    if (this.stopped || status === 'conflict' || status === 'closed') return !dirty;
    if (!dirty) return true;
    if (!this.isOnline()) {
      this.set({ status: 'failed', offline: true, retryAt: null });
      return false;
    }
    const value = this.state.value;
    const editsAtStart = this.edits;
    this.set({ status: 'saving', retryAt: null });
    try {
      const saved = await this.options.save(value, this.base.version);
      this.base = { value: saved.value, version: saved.version };
      this.failures = 0;
      const unchanged = this.edits === editsAtStart;
      this.set({
        version: saved.version,
        status: 'idle',
        dirty: !unchanged,
        lastSavedAt: new Date(),
        error: null,
        offline: false,
      });
      this.draftChanged();
      this.options.onSettled?.({ ok: true, firstFailure: false });
      return unchanged;
    } catch (error) {
      return this.failed(error);
    }
  }

  private failed(error: unknown): boolean {
    const stale = (this.options.staleCopy ?? defaultStaleCopy<T>)(error);
    if (stale) {
      this.options.onSettled?.({ ok: false, error, firstFailure: false });
      this.rebase(stale);
      // Merged without asking: the merge goes to the server at once.
      if (this.state.status === 'idle' && this.state.dirty) void this.attempt();
      return !this.state.dirty;
    }
    const kind = (this.options.classify ?? defaultClassify)(error);
    const firstFailure = this.failures === 0;
    this.failures += 1;
    if (kind === 'final') {
      this.close(error);
    } else {
      const retryAt =
        kind === 'retry' && this.isOnline()
          ? Date.now() + (this.options.retryDelayMs ?? retryDelay)(this.failures - 1)
          : null;
      this.set({ status: 'failed', error, retryAt, offline: !this.isOnline() });
      if (retryAt !== null) this.retryTimer = setTimeout(() => void this.attempt(), retryAt - Date.now());
    }
    this.options.onSettled?.({ ok: false, error, firstFailure });
    return false;
  }

  /** The server has a newer copy: merge it in, or hold a conflict for the user. */
  private rebase(theirs: Versioned<T>): void {
    const { merged, conflicts } = this.merge(theirs.value);
    if (conflicts.length > 0) {
      this.set({ status: 'conflict', conflict: { theirs, fields: conflicts }, retryAt: null });
      return;
    }
    this.adopt(theirs, this.options.withFields(theirs.value, merged));
  }

  private adopt(theirs: Versioned<T>, value: T): void {
    this.base = { value: theirs.value, version: theirs.version };
    this.set({
      value,
      version: theirs.version,
      status: 'idle',
      conflict: null,
      error: null,
      dirty: !this.sameFields(value, theirs.value),
    });
    this.draftChanged();
  }

  private merge(theirs: T) {
    const { fieldsOf } = this.options;
    const base = this.base.value === undefined ? undefined : fieldsOf(this.base.value);
    return mergeFields(base, fieldsOf(this.state.value), fieldsOf(theirs));
  }

  private sameFields(a: T, b: T): boolean {
    return sameValue(this.options.fieldsOf(a), this.options.fieldsOf(b));
  }

  private isOnline(): boolean {
    return (this.options.isOnline ?? browserOnline)();
  }

  private draftChanged(): void {
    this.options.onDraft?.({ value: this.state.value, base: this.base, dirty: this.state.dirty });
  }

  private clearDebounce(): void {
    clearTimeout(this.debounce);
    this.debounce = undefined;
  }

  private clearTimers(): void {
    this.clearDebounce();
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }

  private set(patch: Partial<AutosaveState<T>>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }
}
