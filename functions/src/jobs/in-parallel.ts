/**
 * Runs `task` on every item, at most `concurrency` at once. Every task started is awaited before
 * this returns or throws (the first error, once all have ended).
 */
export async function inParallel<T>(
  items: readonly T[],
  concurrency: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const errors: unknown[] = [];
  const worker = async () => {
    while (errors.length === 0 && next < items.length) {
      const item = items[next++]!;
      try {
        await task(item);
      } catch (error) {
        errors.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
  if (errors.length > 0) throw errors[0];
}
