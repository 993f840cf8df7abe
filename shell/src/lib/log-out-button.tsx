import { useEffect, useState } from 'react';
import { Button, type ButtonProps } from 'antd';
import { pendingSaves } from '@portal/shared/client';
import { lazyDialog, whenIdle } from '@portal/shared/ui';
import { useSignOut } from './identity/use-identity';

/**
 * Not part of the header's code (it would download antd's Modal with every page), but fetched once
 * an editor with an autosave has opened and been drawn: logging out while offline must still be
 * able to ask.
 */
const UnsavedChangesDialog = lazyDialog(() => import('./unsaved-changes-dialog'), 'UnsavedChangesDialog');

/**
 * Log out, after saving what any open editor still has pending: if that cannot reach the
 * server, the user chooses to stay (the save keeps retrying) or to log out without it.
 */
export function LogOutButton(props: Omit<ButtonProps, 'onClick' | 'loading'>) {
  const signOut = useSignOut();
  const [state, setState] = useState<'idle' | 'saving' | 'unsaved'>('idle');
  useEffect(() => pendingSaves.onEditorOpen(() => whenIdle(() => void UnsavedChangesDialog.preload())), []);

  const logOut = async () => {
    setState('saving');
    if (!(await pendingSaves.flushAll())) {
      setState('unsaved');
      return;
    }
    setState('idle');
    await signOut();
  };
  const stay = () => {
    setState('idle');
    void pendingSaves.flushAll();
  };
  const discard = async () => {
    pendingSaves.discardAll();
    setState('idle');
    await signOut();
  };

  return (
    <>
      <Button {...props} loading={state === 'saving'} onClick={() => void logOut()}>
        Log out
      </Button>
      {state === 'unsaved' && <UnsavedChangesDialog onStay={stay} onDiscard={() => void discard()} />}
    </>
  );
}
