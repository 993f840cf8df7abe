import { useQuery } from '@portal/shared/query';
import { saveBlob, usePortal, type ApiClient } from '@portal/shared/client';
import { exportFileName, exportPath, type ExportKind } from '@portal/shared/domain/rules/exports';
import type { FilesExportJob } from '@portal/shared/domain/rules/jobs';
import type { ApplicationForm } from '@portal/shared/domain/schemas/forms';
import { pollWhileWriting } from './jobs';
import { staffKeys } from './keys';

/**
 * GET /admin/forms/{formId}/export/applications.csv or files.zip: fetched with the caller's tokens
 * (a plain link would send none), then handed to the browser as a download under the name the
 * server gives it. The ZIP is the one its export packed (`startFilesExport`).
 */
export async function downloadExport(
  api: ApiClient,
  form: Pick<ApplicationForm, 'id' | 'semester'>,
  kind: ExportKind,
  now = new Date(),
): Promise<void> {
  saveBlob(await api.download(exportPath(form.id, kind)), exportFileName(form.semester, kind, now));
}

const filesPath = (formId: string) => `/admin/forms/${encodeURIComponent(formId)}/export/files`;

/** POST …/export/files: packs the form's uploaded files into a ZIP (done: 200; still packing: 202, followed). */
export const startFilesExport = (api: ApiClient, formId: string) =>
  api.request<FilesExportJob>('POST', filesPath(formId));

/**
 * GET …/export/files: how far the ZIP is packed, asked each second while it is; asked only once an
 * export was started on this page (`startFilesExport`'s answer is put in its place).
 */
export function useFilesExport(formId: string) {
  const { api } = usePortal();
  return useQuery({
    queryKey: staffKeys.filesExport(formId),
    queryFn: () => api.request<FilesExportJob>('GET', filesPath(formId)),
    enabled: (query) => query.state.data !== undefined,
    refetchInterval: pollWhileWriting,
  });
}
