import { useState } from 'react';
import { Alert, Button, Card, Flex, InputNumber, Spin, Typography } from 'antd';
import { useDateFormat } from '@portal/shared/client';
import { REVIEW_DECISION_LABELS, type ReviewDecision } from '@portal/shared/domain/ids/constants';
import { countOf } from '@portal/shared/domain/ids/text';
import { formTeamRoles } from '@portal/shared/domain/ids/team-role-defaults';
import { teamRoleLabel } from '@portal/shared/domain/rules/team-roles';
import {
  DEFAULT_RETENTION_DAYS,
  MAX_RETENTION_DAYS,
  MIN_RETENTION_DAYS,
  RETENTION_TEXTS,
  retentionDaysOf,
  type RetentionCounts,
  type RetentionDryRun,
} from '@portal/shared/domain/schemas/retention';
import { useRetentionDryRun } from '../../../api/forms';
import type { FormDraft } from './draft';
import { Field, fieldId } from './fields';

export const RETENTION_DRY_RUN_TEXTS = {
  heading: 'What the erasure would remove now',
  saveFirst: 'Save the form first: the dry run reads the form as saved.',
  unsaved: (days: number) => `The dry run uses the saved ${countOf(days, 'day')}; save the form to use the new number.`,
  failed: 'The dry run could not be loaded.',
  state: {
    'not-released':
      'The decisions are not released yet, so nothing is erased yet. As decided now, the erasure would remove:',
    scheduled: 'Scheduled.',
    'notice-sent': 'The super-reviewers have been told.',
    erased: 'Erased.',
  } satisfies Record<RetentionDryRun['state'], string>,
  kept: 'Kept anonymously (no name, email or id), for the form’s counts:',
  nothingKept: 'No role application to keep: the form is not released.',
} as const;

/** "3 applicants: 2 accounts deleted, 1 keeps their account (only this form's data goes)". */
export function erasureLines(counts: RetentionCounts): string[] {
  return [
    `${countOf(counts.applicants, 'applicant')} not accepted: ${countOf(counts.accountsDeleted, 'account')} deleted whole, ${countOf(counts.accountsKept, 'account')} kept (only this form’s data goes)`,
    `${countOf(counts.applications, 'application')} with their answers`,
    `${countOf(counts.uploadedFiles, 'uploaded file')}`,
    `${countOf(counts.interviewBookings, 'interview booking')}`,
  ];
}

function DryRunResult({ run, draft }: { run: RetentionDryRun; draft: FormDraft }) {
  const format = useDateFormat(draft.timeZone);
  const roles = formTeamRoles(draft);
  const kept = Object.entries(run.erased?.keptAnonymously ?? run.wouldErase.keptAnonymously);
  const when =
    run.state === 'not-released'
      ? null
      : run.state === 'erased'
        ? `Erased on ${format.dateTime(run.erasureAt!)}.`
        : `Released ${format.dateTime(run.releasedAt!)}; the super-reviewers are emailed ${format.dateTime(run.noticeAt!)}; the erasure runs ${format.dateTime(run.erasureAt!)}.`;
  return (
    <Flex vertical gap={4}>
      <Typography.Text strong>{RETENTION_DRY_RUN_TEXTS.state[run.state]}</Typography.Text>
      {when && <Typography.Text>{when}</Typography.Text>}
      {run.state !== 'not-released' && (
        <Typography.Text>{run.erased ? 'It removed:' : `${RETENTION_DRY_RUN_TEXTS.heading}:`}</Typography.Text>
      )}
      <ul style={{ margin: 0, paddingLeft: 20 }}>
        {erasureLines(run.erased ?? run.wouldErase).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <Typography.Text>
        {kept.length > 0 ? RETENTION_DRY_RUN_TEXTS.kept : RETENTION_DRY_RUN_TEXTS.nothingKept}
      </Typography.Text>
      {kept.length > 0 && (
        <ul style={{ margin: 0, paddingLeft: 20 }}>
          {kept.map(([role, byDecision]) => (
            <li key={role}>
              {`${teamRoleLabel(roles, role)}: ${Object.entries(byDecision)
                .map(([decision, count]) => `${count} ${REVIEW_DECISION_LABELS[decision as ReviewDecision]}`)
                .join(', ')}`}
            </li>
          ))}
        </ul>
      )}
    </Flex>
  );
}

/**
 * The form's data retention in the builder's Form tab (docs/product.md#data-retention): the days
 * after the release that the personal data of applicants not accepted is kept, and the dry run of
 * its erasure (a saved form only: it reads the form as stored).
 */
export function RetentionSettings({
  draft,
  onChange,
  saved,
}: {
  draft: FormDraft;
  onChange: (draft: FormDraft) => void;
  /** The form as stored; null while it is new. */
  saved: { id: string; retentionDays?: number } | null;
}) {
  const [asked, setAsked] = useState(false);
  const dryRun = useRetentionDryRun(saved?.id ?? '', asked && saved !== null);
  const days = retentionDaysOf(draft);
  return (
    <Card size="small" title={RETENTION_TEXTS.title} style={{ marginTop: 12 }}>
      <Field path="retentionDays" label={RETENTION_TEXTS.field} extra={RETENTION_TEXTS.explain(days)}>
        <InputNumber<number>
          id={fieldId('retentionDays')}
          min={MIN_RETENTION_DAYS}
          max={MAX_RETENTION_DAYS}
          precision={0}
          placeholder={String(DEFAULT_RETENTION_DAYS)}
          value={draft.retentionDays ?? null}
          onChange={(value) => onChange({ ...draft, retentionDays: value ?? undefined })}
          suffix="days"
          style={{ width: 160 }}
        />
      </Field>
      <Flex vertical gap={8} align="start">
        <Button
          onClick={() => (asked ? void dryRun.refetch() : setAsked(true))}
          disabled={!saved}
          loading={dryRun.isFetching}
        >
          {RETENTION_TEXTS.dryRun}
        </Button>
        {!saved && <Typography.Text type="secondary">{RETENTION_DRY_RUN_TEXTS.saveFirst}</Typography.Text>}
        {saved && asked && retentionDaysOf(saved) !== days && (
          <Typography.Text type="secondary">{RETENTION_DRY_RUN_TEXTS.unsaved(retentionDaysOf(saved))}</Typography.Text>
        )}
        {asked && dryRun.isError && <Alert type="error" showIcon title={RETENTION_DRY_RUN_TEXTS.failed} />}
        {asked && dryRun.isPending && saved && <Spin description="Running the dry run" />}
        {dryRun.data && <DryRunResult run={dryRun.data} draft={draft} />}
      </Flex>
    </Card>
  );
}
