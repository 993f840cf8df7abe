import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from './sqlite-store';
import { CHECKPOINT_INTERVAL_MS, startCheckpointer } from './sqlite-checkpointer';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the checkpoint worker', () => {
  let dir: string;
  let filename: string;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'checkpointer-'));
    filename = path.join(dir, 'store.db');
    openDatabase(filename).close();
  });

  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('starts no thread for a store closed within its first interval', async () => {
    const checkpointer = startCheckpointer({ filename, synchronous: 'NORMAL' });
    await wait(CHECKPOINT_INTERVAL_MS / 5);
    await checkpointer.stop();
    await wait(CHECKPOINT_INTERVAL_MS * 2);
    expect(checkpointer.started).toBe(false);
  });

  it('starts its thread once the first interval has passed, and stops it', async () => {
    const checkpointer = startCheckpointer({ filename, synchronous: 'NORMAL' });
    expect(checkpointer.started).toBe(false);
    await wait(CHECKPOINT_INTERVAL_MS * 2);
    expect(checkpointer.started).toBe(true);
    // Resolves once the thread has exited.
    await checkpointer.stop();
  });
});
