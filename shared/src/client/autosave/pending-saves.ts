/** An editor with work the server may not have yet (an autosave), as logout sees it. */
export interface PendingSave {
  /** Saves what is pending and waits; true when the server has everything. */
  flush(): Promise<boolean>;
  /** Gives up on what is unsaved (logging out without it): stops saving, drops local copies. */
  discard(): void;
}

const registered = new Set<{ save: PendingSave }>();
const openListeners = new Set<() => void>();

/**
 * Every open autosave, across the shell and the remotes (`@portal/shared/client` is one shared
 * module instance), so logout can save what is pending first.
 */
export const pendingSaves = {
  register(save: PendingSave): () => void {
    const entry = { save };
    registered.add(entry);
    for (const listener of openListeners) listener();
    return () => registered.delete(entry);
  },

  /**
   * Calls `listener` each time an editor with an autosave opens (at once if one is open): what
   * logging out may need while that editor's edits cannot reach the server is fetched then, while
   * the connection is there, and pages without an editor never download it.
   */
  onEditorOpen(listener: () => void): () => void {
    openListeners.add(listener);
    if (registered.size > 0) listener();
    return () => openListeners.delete(listener);
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
