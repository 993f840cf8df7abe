import type { ApiClient } from '@portal/shared/client';
import type {
  GroupMessageBody,
  GroupMessagePreview,
  GroupMessageSent,
} from '@portal/shared/domain/schemas/group-messages';

const id = encodeURIComponent;

/** POST /admin/forms/{formId}/group-message/preview: how many the message reaches, filled in for two of them. */
export const previewGroupMessage = (api: ApiClient, formId: string, body: GroupMessageBody) =>
  api.request<GroupMessagePreview>('POST', `/admin/forms/${id(formId)}/group-message/preview`, { body });

/** POST /admin/forms/{formId}/group-message: one message per applicant in the group, through the outbox. */
export const sendGroupMessage = (api: ApiClient, formId: string, body: GroupMessageBody) =>
  api.request<GroupMessageSent>('POST', `/admin/forms/${id(formId)}/group-message`, { body });
