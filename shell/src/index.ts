// The async boundary lets Module Federation negotiate shared modules before any of them runs.
import('./bootstrap').catch((error: unknown) => {
  document.body.textContent = `The portal failed to start: ${(error as Error).message}`;
  throw error;
});
