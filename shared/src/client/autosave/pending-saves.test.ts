import { pendingSaves } from './pending-saves';

test('flushAll waits for every registered save and is true only when all of them succeed', async () => {
  const ok = { flush: jest.fn(async () => true), discard: jest.fn() };
  const failing = { flush: jest.fn(async () => false), discard: jest.fn() };
  const unregisterOk = pendingSaves.register(ok);
  const unregisterFailing = pendingSaves.register(failing);

  await expect(pendingSaves.flushAll()).resolves.toBe(false);
  pendingSaves.discardAll();
  expect(failing.discard).toHaveBeenCalledTimes(1);
  expect(ok.discard).toHaveBeenCalledTimes(1);

  unregisterFailing();
  await expect(pendingSaves.flushAll()).resolves.toBe(true);
  unregisterOk();
  expect(ok.flush).toHaveBeenCalledTimes(2);
});

test('the same editor registered twice (a remount) is unregistered once per registration', async () => {
  const save = { flush: jest.fn(async () => false), discard: jest.fn() };
  const first = pendingSaves.register(save);
  const second = pendingSaves.register(save);

  first();
  await expect(pendingSaves.flushAll()).resolves.toBe(false);
  second();
  await expect(pendingSaves.flushAll()).resolves.toBe(true);
});
