import { queryOptions } from '@portal/shared/query';
import { rememberRenderedMarkdown, type ApiClient } from '@portal/shared/client';
import type { PrivacyNotice } from '@portal/shared/domain/ids/privacy-notice';
import type { User } from '@portal/shared/domain/schemas/forms';

export const privacyNoticeKey = ['privacy-notice'] as const;

/**
 * GET /privacy-notice: the chapter's notice in force, read without a token (the sign-up page shows
 * it before there is an account). Its HTML comes with it, so the page downloads no renderer.
 */
export const privacyNoticeQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: privacyNoticeKey,
    queryFn: async () => {
      const notice = await api.request<PrivacyNotice>('GET', '/privacy-notice', { auth: false });
      rememberRenderedMarkdown(notice.renderedMarkdown);
      return notice;
    },
    staleTime: 60_000,
  });

/** POST /auth/privacy-notice: the signed-in person accepts the version they read; answers their record. */
export const acceptPrivacyNotice = (api: ApiClient, version: string) =>
  api.request<User>('POST', '/auth/privacy-notice', { body: { version } });
