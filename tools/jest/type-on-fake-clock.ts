import { act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/**
 * Types `text` into `element` while the clock stands still, then moves it `delayMs` on. The keystrokes
 * come within any debounce however loaded the machine is (with real timers a slow CI machine let the
 * debounce fire between two keystrokes), and the test decides when the pause has passed.
 * Returns a function that moves the clock on by the rest of the delay and gives real timers back.
 */
export async function typeOnFakeClock(element: Element, text: string, delayMs: number): Promise<() => void> {
  jest.useFakeTimers();
  try {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await user.type(element, text);
    act(() => jest.advanceTimersByTime(delayMs - 1));
  } catch (error) {
    jest.useRealTimers();
    throw error;
  }
  return () => {
    act(() => jest.advanceTimersByTime(1));
    jest.useRealTimers();
  };
}
