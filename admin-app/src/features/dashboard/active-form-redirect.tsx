import { useQuery } from '@portal/shared/query';
import { activeFormQueryOptions, isApiRefusal, usePortal } from '@portal/shared/client';
import { RESPONSE_MESSAGES } from '@portal/shared/domain/messages/response-messages';
import { Link, Navigate } from '@portal/shared/router';
import { LoadError, PageSkeleton, StatusResult } from '@portal/shared/ui';
import { dorPaths } from '../../lib/paths';

/** `/admin/dor/`: the active form's dashboard, or 'No active form!'. */
export function ActiveFormRedirect() {
  const { api } = usePortal();
  const form = useQuery(activeFormQueryOptions(api));

  if (form.isPending) return <PageSkeleton label="Loading the active form" />;
  if (form.isError) {
    if (isApiRefusal(form.error, 'no-active-form')) {
      return (
        <StatusResult
          status="info"
          title={RESPONSE_MESSAGES.noActiveForm}
          extra={<Link to="/admin/dor/forms">Manage forms</Link>}
        />
      );
    }
    return (
      <LoadError title="The active form could not be loaded." error={form.error} onRetry={() => void form.refetch()} />
    );
  }
  return <Navigate to={dorPaths.dashboard(form.data.id)} replace />;
}
