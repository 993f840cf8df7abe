import { useState } from 'react';
import { Button, Flex, Popconfirm, Select, Typography } from 'antd';
import { usePortal } from '@portal/shared/client';
import {
  VIEW_TABS,
  viewQuery,
  viewStateSchema,
  type SavedViewItem,
  type ViewState,
} from '@portal/shared/domain/schemas/row-tags';
import { useLocation, useUrlParams } from '@portal/shared/router';
import { lazyDialog } from '@portal/shared/ui';
import { deleteView, useSavedViews } from '../../api/tags';
import { staffKeys } from '../../api/keys';
import { useStaffMutation } from '../../lib/use-staff-mutation';

/** Loaded when it opens: antd's Modal and Form come with it. */
const SaveViewDialog = lazyDialog(() => import('./save-view-dialog'), 'SaveViewDialog');

/** The dashboard's state as the URL holds it (the tab is the path, the rest the query). */
function stateOf(tab: string, search: string): ViewState {
  const params = new URLSearchParams(search);
  const raw = {
    tab: VIEW_TABS.find((known) => known === tab) ?? 'all',
    ...Object.fromEntries(
      (['q', 'filter', 'sort', 'dir', 'tag'] as const).flatMap((key) => {
        const value = params.get(key);
        return value ? [[key, value]] : [];
      }),
    ),
  };
  const parsed = viewStateSchema.safeParse(raw);
  return parsed.success ? parsed.data : { tab: raw.tab };
}

/**
 * Saved views: any state of the dashboard (tab, filter, tag, search, sort) kept under a name for
 * every super-reviewer of the form; opening one restores it (its URL); the one who saved it may
 * delete it.
 */
export function SavedViews({ formId, base, tab }: { formId: string; base: string; tab: string }) {
  const { api } = usePortal();
  const { search } = useLocation();
  const { update } = useUrlParams();
  const views = useSavedViews(formId);
  const [naming, setNaming] = useState(false);
  const state = stateOf(tab, search);
  const pathOf = (view: Pick<SavedViewItem, 'state'>) => `${base}/${view.state.tab}${viewQuery(view.state)}`;
  // The view on screen: one whose state is the URL's.
  const current = (views.data?.items ?? []).find((view) => pathOf(view) === pathOf({ state }));

  const remove = useStaffMutation((view: SavedViewItem) => deleteView(api, formId, view.id), {
    success: (_done, view) => `View “${view.name}” deleted.`,
    refresh: staffKeys.views(formId),
  });

  return (
    <Flex align="center" gap={8} wrap role="group" aria-label="Saved views">
      <Select
        aria-label="Open a saved view"
        placeholder="Saved views"
        style={{ minWidth: 200, maxWidth: '100%' }}
        loading={views.isPending}
        value={current?.id ?? null}
        onChange={(id) => {
          const view = views.data?.items.find((each) => each.id === id);
          // Through the query string's one writer: a search still being typed does not land on the view.
          if (view)
            update(
              (params) => {
                for (const key of [...params.keys()]) params.delete(key);
                new URLSearchParams(viewQuery(view.state)).forEach((value, key) => params.set(key, value));
              },
              { pathname: `${base}/${view.state.tab}`, push: true },
            );
        }}
        options={(views.data?.items ?? []).map((view) => ({
          value: view.id,
          label: view.name,
          title: `${view.name}, saved by ${view.ownerName}`,
        }))}
        optionRender={(option) => {
          const view = views.data?.items.find((each) => each.id === option.value);
          return (
            <Flex vertical>
              <span>{view?.name}</span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {view?.mine ? 'Saved by you' : `Saved by ${view?.ownerName}`}
              </Typography.Text>
            </Flex>
          );
        }}
        notFoundContent="No saved views yet"
      />
      <Button onClick={() => setNaming(true)}>Save view…</Button>
      {current?.mine && (
        <Popconfirm
          title={`Delete the view “${current.name}”?`}
          description="Other super-reviewers will no longer find it."
          okText="Delete"
          okButtonProps={{ danger: true }}
          onConfirm={() => remove.mutate(current)}
        >
          <Button danger loading={remove.isPending}>
            Delete view
          </Button>
        </Popconfirm>
      )}
      {naming && <SaveViewDialog formId={formId} state={state} onClose={() => setNaming(false)} />}
    </Flex>
  );
}
