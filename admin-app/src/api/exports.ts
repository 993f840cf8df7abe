import { saveBlob, type ApiClient } from '@portal/shared/client';
import { exportFileName, exportPath, type ExportKind } from '@portal/shared/domain/rules/exports';
import type { ApplicationForm } from '@portal/shared/domain/schemas/forms';

/**
 * GET /admin/forms/{formId}/export/applications.csv or files.zip: fetched with the caller's tokens
 * (a plain link would send none), then handed to the browser as a download under the name the
 * server gives it.
 */
export async function downloadExport(
  api: ApiClient,
  form: Pick<ApplicationForm, 'id' | 'semester'>,
  kind: ExportKind,
  now = new Date(),
): Promise<void> {
  saveBlob(await api.download(exportPath(form.id, kind)), exportFileName(form.semester, kind, now));
}
