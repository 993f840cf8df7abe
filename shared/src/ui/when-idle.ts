/**
 * For code fetched ahead of need (a part's `preload`): runs `task` once the page has painted what
 * it shows now and the browser has nothing else to do (its idle callback, at the latest after
 * `timeoutMs`), so the fetch never delays that page. Without animation frames or idle callbacks it
 * runs after a short pause. Returns a function that cancels it.
 */
export function whenIdle(task: () => void, timeoutMs = 1000): () => void {
  let cancel = () => {};
  const idle = () => {
    if (typeof window.requestIdleCallback !== 'function') return task();
    const handle = window.requestIdleCallback(task, { timeout: timeoutMs });
    cancel = () => window.cancelIdleCallback(handle);
  };
  if (typeof window.requestAnimationFrame !== 'function') {
    const handle = window.setTimeout(task, 200);
    return () => window.clearTimeout(handle);
  }
  // A frame callback runs just before the next paint; a task queued from it, once that paint is done.
  const frame = window.requestAnimationFrame(() => {
    const painted = window.setTimeout(idle, 0);
    cancel = () => window.clearTimeout(painted);
  });
  cancel = () => window.cancelAnimationFrame(frame);
  return () => cancel();
}
