/** An editor with work the server may not have yet (an autosave), as logout sees it. */
export interface PendingSave {
  /** Saves what is pending and waits; true when the server has everything. */
  flush(): Promise<boolean>;
  /** Gives up on what is unsaved (logging out without it): stops saving, drops local copies. */
  discard(): void;
}

const registered = new Set<{ save: PendingSave }>();

/**
 * Every open autosave, across the shell and the remotes (`@portal/shared/client` is one shared
 * module instance), so logout can save what is pending first.
 */
export const pendingSaves = {
  register(save: PendingSave): () => void {
    const entry = { save };
    registered.add(entry);
    return () => registered.delete(entry);
  },

  /** Saves every pending edit; true when the server has them all. */
  async flushAll(): Promise<boolean> {
    const results = await Promise.all([...registered].map(({ save }) => save.flush()));
    return results.every(Boolean);
  },

  discardAll(): void {
    for (const { save } of registered) save.discard();
  },
};
