import { ApiRequestError } from '../api-client';
import { AutosaveEngine, type AutosaveOptions, type Versioned } from './autosave-engine';

type Answers = Record<string, string>;

const fail = (status: number, code = 'internal' as const) =>
  new ApiRequestError(status, code, `status ${status}`, null);
const stale = (current: Versioned<Answers>) =>
  new ApiRequestError(409, 'conflict', 'Saved elsewhere', {
    error: {
      code: 'conflict',
      message: 'Saved elsewhere',
      reason: 'stale-version',
      details: { current: { ...current.value, version: current.version } },
    },
  });

/** A server holding one document with a version; `next` lets a test script the next answers. */
function fakeServer(initial: Versioned<Answers>) {
  let stored = initial;
  const scripted: (() => Promise<Versioned<Answers>> | Versioned<Answers>)[] = [];
  const save = jest.fn(async (value: Answers, version: number): Promise<Versioned<Answers>> => {
    const next = scripted.shift();
    if (next) {
      stored = await next();
      return stored;
    }
    if (version !== stored.version) throw stale(stored);
    stored = { value: { ...value }, version: version + 1 };
    return stored;
  });
  return {
    save,
    stored: () => stored,
    /** Another tab saves first. */
    savedElsewhere: (value: Answers) => {
      stored = { value, version: stored.version + 1 };
    },
    next: (answer: () => Promise<Versioned<Answers>> | Versioned<Answers>) => scripted.push(answer),
  };
}

const answersOf = (value: Answers & { version?: number }): Answers => {
  const { version: _version, ...answers } = value;
  return answers;
};

function engineFor(server: ReturnType<typeof fakeServer>, options: Partial<AutosaveOptions<Answers>> = {}) {
  const settled = jest.fn();
  const engine = new AutosaveEngine<Answers>({
    base: server.stored(),
    lastSavedAt: null,
    save: server.save,
    fieldsOf: answersOf,
    withFields: (value, fields) => ({ ...answersOf(value), ...(fields as Answers) }),
    isOnline: () => online,
    onSettled: settled,
    ...options,
  });
  return { engine, settled };
}

let online = true;
const advance = (ms: number) => jest.advanceTimersByTimeAsync(ms);
const type = (engine: AutosaveEngine<Answers>, key: string, text: string) =>
  engine.edit((value) => ({ ...value, [key]: text }));

beforeEach(() => {
  online = true;
  jest.useFakeTimers({ now: new Date(2025, 1, 10, 9, 30) });
});
afterEach(() => jest.useRealTimers());

describe('saving', () => {
  test('edits within the 2 s pause make one save, 2000 ms after the last one', async () => {
    const server = fakeServer({ value: { name: '' }, version: 3 });
    const { engine } = engineFor(server);

    type(engine, 'name', 'N');
    await advance(1500);
    type(engine, 'name', 'Nova');
    await advance(1999);
    expect(server.save).not.toHaveBeenCalled();

    await advance(1);
    expect(server.save).toHaveBeenCalledTimes(1);
    expect(server.save).toHaveBeenCalledWith({ name: 'Nova' }, 3);
    expect(engine.getState()).toMatchObject({ status: 'idle', dirty: false, lastSavedAt: new Date() });
  });

  test('one save at a time: an edit made while saving is saved next, on the new version', async () => {
    const server = fakeServer({ value: { name: '' }, version: 3 });
    const { engine } = engineFor(server);
    let answer!: () => void;
    server.next(() => new Promise((resolve) => (answer = () => resolve({ value: { name: 'Nova' }, version: 4 }))));

    type(engine, 'name', 'Nova');
    await advance(2000);
    expect(engine.getState().status).toBe('saving');
    type(engine, 'name', 'Nova Reyes');
    await advance(2000);
    expect(server.save).toHaveBeenCalledTimes(1);

    answer();
    await advance(0);
    expect(server.save).toHaveBeenCalledTimes(2);
    expect(server.save).toHaveBeenLastCalledWith({ name: 'Nova Reyes' }, 4);
    expect(engine.getState().dirty).toBe(false);
  });

  test('the last save time given at the start is kept until the next save', () => {
    const lastSavedAt = new Date(2025, 1, 9, 18, 0);
    const { engine } = engineFor(fakeServer({ value: { name: 'Nova' }, version: 3 }), { lastSavedAt });

    expect(engine.getState()).toMatchObject({ status: 'idle', dirty: false, lastSavedAt });
  });
});

describe('a save refused because another tab saved first', () => {
  test('fields changed on one side only merge without asking, and the merge is saved', async () => {
    const server = fakeServer({ value: { name: 'Nova', more: '' }, version: 3 });
    const { engine } = engineFor(server);
    server.savedElsewhere({ name: 'Nova', more: 'From the other tab' });

    type(engine, 'name', 'Nova Reyes');
    await advance(2000);

    expect(server.save).toHaveBeenCalledTimes(2);
    expect(server.stored()).toEqual({ value: { name: 'Nova Reyes', more: 'From the other tab' }, version: 5 });
    expect(engine.getState()).toMatchObject({
      status: 'idle',
      dirty: false,
      conflict: null,
      value: { name: 'Nova Reyes', more: 'From the other tab' },
    });
  });

  test('a field changed on both sides asks, with both texts; nothing is saved until answered', async () => {
    const server = fakeServer({ value: { name: 'Nova', more: '' }, version: 3 });
    const { engine } = engineFor(server);
    server.savedElsewhere({ name: 'Nova (laptop)', more: 'Also from the laptop' });

    type(engine, 'name', 'Nova (phone)');
    await advance(2000);

    expect(engine.getState().status).toBe('conflict');
    expect(engine.getState().conflict?.fields).toEqual([
      { key: 'name', base: 'Nova', mine: 'Nova (phone)', theirs: 'Nova (laptop)' },
    ]);
    type(engine, 'name', 'Nova (phone) again');
    await advance(10_000);
    expect(server.save).toHaveBeenCalledTimes(1);

    engine.resolve({ name: 'mine' });
    await advance(0);
    expect(server.stored()).toEqual({
      value: { name: 'Nova (phone) again', more: 'Also from the laptop' },
      version: 5,
    });
    expect(engine.getState()).toMatchObject({ status: 'idle', dirty: false, conflict: null });
  });

  test("choosing theirs takes the other side's text and needs no save when nothing else differs", async () => {
    const server = fakeServer({ value: { name: 'Nova' }, version: 3 });
    const { engine } = engineFor(server);
    server.savedElsewhere({ name: 'Nova (laptop)' });

    type(engine, 'name', 'Nova (phone)');
    await advance(2000);
    engine.resolve({ name: 'theirs' });
    await advance(5000);

    expect(server.save).toHaveBeenCalledTimes(1);
    expect(engine.getState()).toMatchObject({ value: { name: 'Nova (laptop)' }, dirty: false, status: 'idle' });
  });

  test('the same change on both sides is no conflict', async () => {
    const server = fakeServer({ value: { name: 'Nova' }, version: 3 });
    const { engine } = engineFor(server);
    server.savedElsewhere({ name: 'Nova Reyes' });

    type(engine, 'name', 'Nova Reyes');
    await advance(2000);

    expect(engine.getState()).toMatchObject({ status: 'idle', dirty: false, conflict: null });
    expect(server.save).toHaveBeenCalledTimes(1);
  });

  test('a draft restored on an older version is merged with the latest copy at the start', async () => {
    const server = fakeServer({ value: { name: 'Nova', more: 'Saved elsewhere' }, version: 5 });
    const { engine } = engineFor(server, {
      base: { value: { name: 'Nova', more: '' }, version: 3 },
      value: { name: 'Nova (before the reload)', more: '' },
      latest: server.stored(),
    });

    expect(engine.getState().value).toEqual({ name: 'Nova (before the reload)', more: 'Saved elsewhere' });
    engine.start();
    await advance(0);
    expect(server.stored()).toEqual({
      value: { name: 'Nova (before the reload)', more: 'Saved elsewhere' },
      version: 6,
    });
  });

  test('without the common version, every differing field asks', () => {
    const server = fakeServer({ value: { name: 'Nova', more: 'x' }, version: 5 });
    const { engine } = engineFor(server, {
      base: { value: undefined, version: 3 },
      value: { name: 'Nova (old copy)', more: 'x' },
      latest: server.stored(),
    });

    expect(engine.getState().conflict?.fields.map((field) => field.key)).toEqual(['name']);
  });
});

describe('failures', () => {
  test('a failure is retried with backoff (1 s, 2 s, 4 s …) until it works, without a new edit', async () => {
    const server = fakeServer({ value: { name: '' }, version: 3 });
    const { engine, settled } = engineFor(server);
    for (let i = 0; i < 3; i += 1) {
      server.next(() => {
        throw fail(503);
      });
    }

    type(engine, 'name', 'Nova');
    await advance(2000);
    expect(engine.getState()).toMatchObject({ status: 'failed', dirty: true, retryAt: Date.now() + 1000 });
    await advance(999);
    expect(server.save).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(server.save).toHaveBeenCalledTimes(2);
    await advance(2000);
    expect(server.save).toHaveBeenCalledTimes(3);
    await advance(3999);
    expect(server.save).toHaveBeenCalledTimes(3);
    await advance(1);

    expect(server.save).toHaveBeenCalledTimes(4);
    expect(engine.getState()).toMatchObject({ status: 'idle', dirty: false, error: null, retryAt: null });
    expect(server.stored().value).toEqual({ name: 'Nova' });
    // Only the first failure of a streak is reported as such (one toast, not one per retry).
    expect(settled.mock.calls.map(([outcome]) => [outcome.ok, outcome.firstFailure])).toEqual([
      [false, true],
      [false, false],
      [false, false],
      [true, false],
    ]);
  });

  test('offline, nothing is sent; when the connection returns the edits are saved at once', async () => {
    const server = fakeServer({ value: { name: '' }, version: 3 });
    const { engine } = engineFor(server);
    online = false;

    type(engine, 'name', 'Nova');
    await advance(60_000);
    expect(server.save).not.toHaveBeenCalled();
    expect(engine.getState()).toMatchObject({ status: 'failed', offline: true, dirty: true });

    online = true;
    engine.online();
    await advance(0);
    expect(server.stored().value).toEqual({ name: 'Nova' });
    expect(engine.getState()).toMatchObject({ status: 'idle', offline: false, dirty: false });
  });

  test('a refusal that another try cannot fix (400) waits for the next edit', async () => {
    const server = fakeServer({ value: { name: '' }, version: 3 });
    const { engine } = engineFor(server);
    server.next(() => {
      throw fail(400, 'invalid-request' as never);
    });

    type(engine, 'name', 'Nova');
    await advance(2000);
    await advance(60_000);
    expect(server.save).toHaveBeenCalledTimes(1);
    expect(engine.getState()).toMatchObject({ status: 'failed', retryAt: null });

    type(engine, 'name', 'Nova R');
    await advance(2000);
    expect(server.stored().value).toEqual({ name: 'Nova R' });
  });

  test('a 409 is merged only when its reason is stale-version, whatever it carries', async () => {
    const server = fakeServer({ value: { name: '' }, version: 3 });
    const { engine } = engineFor(server);
    const current = { name: 'Theirs', version: 4 };
    server.next(() => {
      throw new ApiRequestError(409, 'conflict', 'Saved elsewhere', {
        error: { code: 'conflict', message: 'Saved elsewhere', details: { current } },
      });
    });

    type(engine, 'name', 'Nova');
    await advance(2000);
    expect(engine.getState()).toMatchObject({ status: 'failed', version: 3, value: { name: 'Nova' } });
  });

  test('a final refusal (deadline) closes the engine: the draft stays, edits and saves stop', async () => {
    const server = fakeServer({ value: { name: '' }, version: 3 });
    const deadline = fail(403, 'forbidden' as never);
    const { engine } = engineFor(server, { classify: (error) => (error === deadline ? 'final' : 'retry') });
    server.next(() => {
      throw deadline;
    });

    type(engine, 'name', 'Nova');
    await advance(2000);
    expect(engine.getState()).toMatchObject({
      status: 'closed',
      dirty: true,
      value: { name: 'Nova' },
      error: deadline,
    });

    type(engine, 'name', 'Nova R');
    await advance(60_000);
    expect(engine.getState().value).toEqual({ name: 'Nova' });
    expect(server.save).toHaveBeenCalledTimes(1);
    await expect(engine.flush()).resolves.toBe(false);
  });
});

describe('flush', () => {
  test('saves a pending edit at once and resolves true when the server has it', async () => {
    const server = fakeServer({ value: { name: '' }, version: 3 });
    const { engine } = engineFor(server);

    type(engine, 'name', 'Nova');
    await advance(500);
    await expect(engine.flush()).resolves.toBe(true);
    expect(server.stored().value).toEqual({ name: 'Nova' });
    await advance(5000);
    expect(server.save).toHaveBeenCalledTimes(1);
  });

  test('waits for a save under way and for the edits made meanwhile', async () => {
    const server = fakeServer({ value: { name: '' }, version: 3 });
    const { engine } = engineFor(server);
    let answer!: () => void;
    server.next(() => new Promise((resolve) => (answer = () => resolve({ value: { name: 'N' }, version: 4 }))));

    type(engine, 'name', 'N');
    await advance(2000);
    type(engine, 'name', 'Nova');
    const flushed = engine.flush();
    answer();

    await expect(flushed).resolves.toBe(true);
    expect(server.stored()).toEqual({ value: { name: 'Nova' }, version: 5 });
  });

  test('merges a change from another tab and still resolves true', async () => {
    const server = fakeServer({ value: { name: '', more: '' }, version: 3 });
    const { engine } = engineFor(server);
    server.savedElsewhere({ name: '', more: 'Other tab' });

    type(engine, 'name', 'Nova');
    await expect(engine.flush()).resolves.toBe(true);
    expect(server.stored().value).toEqual({ name: 'Nova', more: 'Other tab' });
  });

  test('resolves false when the server cannot be reached', async () => {
    const server = fakeServer({ value: { name: '' }, version: 3 });
    const { engine } = engineFor(server);
    server.next(() => {
      throw new ApiRequestError(0, 'network', 'Could not reach the server', null);
    });

    type(engine, 'name', 'Nova');
    await expect(engine.flush()).resolves.toBe(false);
    expect(engine.getState()).toMatchObject({ status: 'failed', dirty: true });
  });
});

describe('settle (a submit that carries the draft)', () => {
  test('cancels the pending autosave, waits for a save under way, and gives the draft with its version', async () => {
    const server = fakeServer({ value: { name: '' }, version: 3 });
    const { engine } = engineFor(server);
    let answer!: () => void;
    server.next(() => new Promise((resolve) => (answer = () => resolve({ value: { name: 'N' }, version: 4 }))));

    type(engine, 'name', 'N');
    await advance(2000);
    type(engine, 'name', 'Nova');
    const settled = engine.settle();
    answer();

    await expect(settled).resolves.toEqual({ value: { name: 'Nova' }, version: 4 });
    await advance(10_000);
    expect(server.save).toHaveBeenCalledTimes(1);
  });
});

describe('maxWaitMs (someone who never pauses)', () => {
  test('a keystroke every 1.5 s is saved every 10 s, with the text typed by then', async () => {
    const server = fakeServer({ value: { name: '' }, version: 3 });
    const { engine } = engineFor(server, { maxWaitMs: 10_000 });

    let text = '';
    for (let second = 0; second < 25; second += 1.5) {
      text += 'a';
      type(engine, 'name', text);
      await advance(1500);
      if (second + 1.5 <= 10) expect(server.save).not.toHaveBeenCalled();
    }
    // Typed at 0, 1.5 … 9 s: the first save at 10 s, the second 10 s after the next keystroke (10.5 s).
    expect(server.save.mock.calls.map(([value]) => value.name)).toEqual(['a'.repeat(7), 'a'.repeat(14)]);
  });

  test('without it, the save waits for the pause', async () => {
    const server = fakeServer({ value: { name: '' }, version: 3 });
    const { engine } = engineFor(server);
    for (let i = 0; i < 10; i += 1) {
      type(engine, 'name', 'a'.repeat(i + 1));
      await advance(1500);
    }
    expect(server.save).not.toHaveBeenCalled();
  });
});

describe('receive (another tab of this browser saved)', () => {
  test('a tab without edits takes the newer copy at once, and sends nothing', async () => {
    const server = fakeServer({ value: { name: 'Nova', more: '' }, version: 3 });
    const { engine } = engineFor(server);

    engine.receive({ value: { name: 'Nova', more: 'From the other tab' }, version: 4 });

    expect(engine.getState()).toMatchObject({
      value: { name: 'Nova', more: 'From the other tab' },
      version: 4,
      dirty: false,
      status: 'idle',
    });
    await advance(10_000);
    expect(server.save).not.toHaveBeenCalled();
  });

  test('a tab with edits keeps them, takes the other questions, and saves on the newer version', async () => {
    const server = fakeServer({ value: { name: 'Nova', more: '' }, version: 3 });
    const { engine } = engineFor(server);
    type(engine, 'name', 'Nova Reyes');
    server.savedElsewhere({ name: 'Nova', more: 'From the other tab' });

    engine.receive(server.stored());
    expect(engine.getState().value).toEqual({ name: 'Nova Reyes', more: 'From the other tab' });
    await advance(2000);

    expect(server.save).toHaveBeenCalledTimes(1);
    expect(server.stored()).toEqual({ value: { name: 'Nova Reyes', more: 'From the other tab' }, version: 5 });
  });

  test('an older or the same copy changes nothing', () => {
    const server = fakeServer({ value: { name: 'Nova' }, version: 3 });
    const { engine } = engineFor(server);
    engine.receive({ value: { name: 'Old' }, version: 3 });
    expect(engine.getState()).toMatchObject({ value: { name: 'Nova' }, version: 3 });
  });
});
