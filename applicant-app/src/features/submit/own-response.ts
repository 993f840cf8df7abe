import type { ApiClient } from '@portal/shared/client';
import type { ApplicationResponse, MyApplication } from '@portal/shared/domain/schemas/responses';

/**
 * The applicant's response to the form, as the server has it now, or null when they have none.
 * Only reads: opening a page never creates an application (only "Start application" does).
 */
export async function ownResponse(api: ApiClient, formId: string): Promise<ApplicationResponse | null> {
  const { items } = await api.request<{ items: MyApplication[] }>('GET', '/responses/mine');
  return items.find((item) => item.form.id === formId)?.response ?? null;
}
