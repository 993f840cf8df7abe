import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { AutosaveEngine, type AutosaveOptions, type AutosaveState } from './autosave-engine';
import { pendingSaves } from './pending-saves';
import { useWarnBeforeUnload } from '../use-warn-before-unload';

export type Autosave<T> = AutosaveState<T> &
  Pick<AutosaveEngine<T>, 'edit' | 'flush' | 'settle' | 'resolve' | 'close' | 'stop' | 'receive'>;

export interface UseAutosaveOptions<T> extends AutosaveOptions<T> {
  /** Logging out without the unsaved edits: what else to drop (the applicant's local copies). */
  onDiscard?: () => void;
}

/**
 * The autosave engine of one editor, for as long as it is on screen: it follows the connection,
 * warns before the page is left with unsaved edits, saves what is pending when the editor goes
 * away, and lets logout flush it. Options are read once; callbacks always see the latest render's.
 */
export function useAutosave<T>(options: UseAutosaveOptions<T>): Autosave<T> {
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const [engine] = useState(
    () =>
      new AutosaveEngine<T>({
        ...options,
        save: (value, version) => latest.current.save(value, version),
        fieldsOf: (value) => latest.current.fieldsOf(value),
        withFields: (value, fields) => latest.current.withFields(value, fields),
        onDraft: (draft) => latest.current.onDraft?.(draft),
        onSettled: (outcome) => latest.current.onSettled?.(outcome),
      }),
  );
  const state = useSyncExternalStore(engine.subscribe, engine.getState);

  useEffect(() => {
    const unregister = pendingSaves.register({
      flush: engine.flush,
      discard: () => {
        engine.discard();
        latest.current.onDiscard?.();
      },
    });
    window.addEventListener('online', engine.online);
    window.addEventListener('offline', engine.offline);
    engine.start();
    return () => {
      window.removeEventListener('online', engine.online);
      window.removeEventListener('offline', engine.offline);
      void engine.leave().finally(unregister);
    };
  }, [engine]);
  useWarnBeforeUnload(() => engine.getState().dirty);

  return {
    ...state,
    edit: engine.edit,
    flush: engine.flush,
    settle: engine.settle,
    resolve: engine.resolve,
    close: engine.close,
    stop: engine.stop,
    receive: engine.receive,
  };
}
