import { useState } from 'react';
import { Button, Flex, Select, Space } from 'antd';
import { usePortal } from '@portal/shared/client';
import { countOf } from '@portal/shared/domain/ids/text';
import type { ApplicationRowView } from '@portal/shared/domain/rules/application-row';
import type { RowTag } from '@portal/shared/domain/schemas/row-tags';
import { useUrlParams } from '@portal/shared/router';
import { lazyDialog } from '@portal/shared/ui';
import { tagRows } from '../../api/tags';
import { useStaffMutation } from '../../lib/use-staff-mutation';
import { TagChip } from './tag-chip';

export { TagChip };

/** Loaded when it opens: antd's Modal, Form and Radio come with it. */
const ManageTagsDialog = lazyDialog(() => import('./manage-tags-dialog'), 'ManageTagsDialog');

/** The rows' `?tag=`: a tag id, or none. */
export function useTagParam() {
  const { params, update } = useUrlParams();
  const tag = params.get('tag') ?? undefined;
  const setTag = (next: string | undefined) =>
    update((updated) => {
      if (next) updated.set('tag', next);
      else updated.delete('tag');
    });
  return { tag, setTag };
}

/** A row's tags, in the form's order. */
export function RowTagChips({ row, tags }: { row: Pick<ApplicationRowView, 'tags'>; tags: readonly RowTag[] }) {
  const mine = tags.filter((tag) => row.tags?.includes(tag.id));
  if (mine.length === 0) return null;
  return (
    <Flex wrap gap={4}>
      {mine.map((tag) => (
        <TagChip key={tag.id} tag={tag} />
      ))}
    </Flex>
  );
}

/** The "Tag" filter of the rows (`?tag=`). */
export function TagFilter({
  tags,
  value,
  onChange,
}: {
  tags: readonly RowTag[];
  value: string | undefined;
  onChange: (tagId: string | undefined) => void;
}) {
  return (
    <Select
      aria-label="Only rows tagged"
      placeholder="Any tag"
      allowClear
      style={{ minWidth: 160 }}
      value={value}
      onChange={(next) => onChange(next ?? undefined)}
      options={tags.map((tag) => ({ value: tag.id, label: <TagChip tag={tag} />, title: tag.name }))}
      optionLabelProp="label"
      notFoundContent="No tags yet: make one with Tags…"
    />
  );
}

/** "Tags…": the form's tags, and a form to make one or change one (manage-tags-dialog.tsx). */
export function ManageTagsButton({ formId, tags }: { formId: string; tags: readonly RowTag[] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Tags…</Button>
      {open && <ManageTagsDialog formId={formId} tags={tags} onClose={() => setOpen(false)} />}
    </>
  );
}

/** The selected rows: a tag put on or taken off them at once (audited per row). */
export function BulkTag({
  formId,
  tags,
  selected,
  onDone,
}: {
  formId: string;
  tags: readonly RowTag[];
  selected: readonly ApplicationRowView[];
  onDone: () => void;
}) {
  const { api } = usePortal();
  const [tagId, setTagId] = useState<string | undefined>();
  const name = tags.find((tag) => tag.id === tagId)?.name ?? '';
  const run = useStaffMutation(
    (tagged: boolean) => tagRows(api, formId, { rows: selected.map((row) => row.id), tagId: tagId!, tagged }),
    {
      success: (result, tagged) =>
        `${tagged ? 'Tagged' : 'Untagged'} “${name}”: ${countOf(result.changed, 'role application')} changed.`,
      onSuccess: onDone,
    },
  );
  const disabled = selected.length === 0 || !tagId;
  return (
    <Space.Compact>
      <Select
        aria-label="Tag for the selected"
        placeholder="Choose a tag"
        style={{ width: 160 }}
        disabled={selected.length === 0}
        value={tagId}
        onChange={setTagId}
        options={tags.map((tag) => ({ value: tag.id, label: tag.name }))}
      />
      <Button disabled={disabled} loading={run.isPending && run.variables} onClick={() => run.mutate(true)}>
        Tag
      </Button>
      <Button disabled={disabled} loading={run.isPending && !run.variables} onClick={() => run.mutate(false)}>
        Untag
      </Button>
    </Space.Compact>
  );
}
