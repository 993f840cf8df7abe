import type { ReactNode } from 'react';
import { Flex, Input } from 'antd';
import { useLocation } from '@portal/shared/router';
import { useUrlSearch } from './use-url-search';
import { PageTitle } from '@portal/shared/ui';

/** `?q=…` for a search text, or nothing. */
export const searchFor = (text: string) => {
  const trimmed = text.trim();
  return trimmed ? `?${new URLSearchParams({ q: trimmed }).toString()}` : '';
};

/**
 * A dashboard whose tabs are paths under `base` (`base/{key}`) and whose one search box is `?q=`
 * in the URL: the open tab, the search, and a way to switch tabs that keeps the search.
 */
export function useDashboardTabs<K extends string>(base: string, keys: readonly K[]) {
  const { pathname } = useLocation();
  const { openPath, ...search } = useUrlSearch();
  const path = pathname.replace(/\/+$/, '');
  const tab = keys.find((key) => path.endsWith(`/${key}`)) ?? keys[0]!;
  const open = (key: string) => openPath(`${base}/${key}`);
  return { tab, open, ...search };
}

/** The heading of the reviewer's and the super-reviewer's dashboards: title, what it is about, an action, the search box. */
export function DashboardHeader({
  title,
  subtitle,
  action,
  text,
  setText,
  placeholder = 'Search by name, email or answer',
}: {
  title: string;
  subtitle?: ReactNode;
  action?: ReactNode;
  text: string;
  setText: (text: string) => void;
  /** What the search finds (names, emails and the answers the reader may read; no name or email when they read blind). */
  placeholder?: string;
}) {
  return (
    <>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Flex vertical>
          <PageTitle>{title}</PageTitle>
          {subtitle}
        </Flex>
        {action}
      </Flex>
      <Input.Search
        allowClear
        aria-label="Search applicants"
        placeholder={placeholder}
        value={text}
        maxLength={100}
        onChange={(event) => setText(event.target.value)}
        style={{ maxWidth: 420 }}
      />
    </>
  );
}
