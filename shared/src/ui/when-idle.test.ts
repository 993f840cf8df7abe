/** @jest-environment jsdom */
import { whenIdle } from './when-idle';

afterEach(() => jest.useRealTimers());

function browserWithFrames() {
  const frames: FrameRequestCallback[] = [];
  const idle: IdleRequestCallback[] = [];
  window.requestAnimationFrame = (callback) => frames.push(callback);
  window.cancelAnimationFrame = (handle) => void (frames[handle - 1] = () => undefined);
  window.requestIdleCallback = (callback) => idle.push(callback);
  window.cancelIdleCallback = (handle) => void (idle[handle - 1] = () => undefined);
  return {
    paint: () => frames.splice(0).forEach((frame) => frame(performance.now())),
    idle: () => idle.splice(0).forEach((callback) => callback({ didTimeout: false, timeRemaining: () => 50 })),
  };
}

test('runs the task once the next paint is done and the browser is idle, not before', () => {
  jest.useFakeTimers();
  const browser = browserWithFrames();
  const task = jest.fn();
  whenIdle(task);

  browser.idle();
  expect(task).not.toHaveBeenCalled();
  browser.paint();
  browser.idle();
  expect(task).not.toHaveBeenCalled();
  jest.runOnlyPendingTimers();
  browser.idle();
  expect(task).toHaveBeenCalledTimes(1);
});

test('a cancelled task never runs, at any stage', () => {
  jest.useFakeTimers();
  const browser = browserWithFrames();
  const [beforePaint, afterPaint, beforeIdle] = [jest.fn(), jest.fn(), jest.fn()];
  whenIdle(beforePaint)();
  const cancelAfterPaint = whenIdle(afterPaint);
  const cancelBeforeIdle = whenIdle(beforeIdle);
  browser.paint();
  cancelAfterPaint();
  jest.runOnlyPendingTimers();
  cancelBeforeIdle();
  browser.idle();
  expect([beforePaint, afterPaint, beforeIdle].map((task) => task.mock.calls.length)).toEqual([0, 0, 0]);
});
