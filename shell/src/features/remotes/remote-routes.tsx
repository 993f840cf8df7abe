import { Component, useEffect, useState, type ReactNode } from 'react';
import { Alert, Button } from 'antd';
import type { RemoteName } from '@portal/shared/domain/schemas/client-config';
import { LoadingScreen } from '@portal/shared/ui';
import type { RemoteLoader, RemoteRoutesComponent } from './remote-loader';

const REMOTE_LABELS: Record<RemoteName, string> = { applicant: 'The application area', admin: 'The staff area' };

type LoadState =
  { status: 'loading' } | { status: 'ready'; Routes: RemoteRoutesComponent } | { status: 'failed'; error: Error };

/** An alert (antd's Result would be code to fetch while the network is failing). */
export function RemoteUnavailable({ name, error, onRetry }: { name: RemoteName; error: Error; onRetry: () => void }) {
  return (
    <Alert
      type="warning"
      showIcon
      title={`${REMOTE_LABELS[name]} could not be loaded`}
      description={
        <>
          Check your connection and try again.
          <details>
            <summary>Technical details</summary>
            <code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{error.message}</code>
          </details>
        </>
      }
      action={
        <Button type="primary" onClick={onRetry}>
          Retry
        </Button>
      }
    />
  );
}

class RemoteErrorBoundary extends Component<
  { name: RemoteName; onRetry: () => void; children: ReactNode },
  { error: Error | null }
> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return <RemoteUnavailable name={this.props.name} error={error} onRetry={this.props.onRetry} />;
  }
}

/** Renders a remote's route tree inside the shell's layout, with a retry when it fails to load. */
export function RemoteRoutes({ name, loader }: { name: RemoteName; loader: RemoteLoader }) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState>({ status: 'loading' });

  useEffect(() => {
    let active = true;
    setState({ status: 'loading' });
    loader.load(name, { retry: attempt > 0 }).then(
      (Routes) => active && setState({ status: 'ready', Routes }),
      (error: unknown) =>
        active && setState({ status: 'failed', error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      active = false;
    };
  }, [name, loader, attempt]);

  const retry = () => setAttempt((n) => n + 1);
  if (state.status === 'loading') return <LoadingScreen />;
  if (state.status === 'failed') return <RemoteUnavailable name={name} error={state.error} onRetry={retry} />;
  return (
    <RemoteErrorBoundary name={name} onRetry={retry}>
      <state.Routes />
    </RemoteErrorBoundary>
  );
}
