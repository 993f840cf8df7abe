import { useEffect, useMemo, useRef, useState, type HTMLAttributes } from 'react';
import { Button, Card, Col, Flex, Row, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@portal/shared/query';
import { formQueryOptions, usePortal } from '@portal/shared/client';
import { REVIEW_DECISION_LABELS } from '@portal/shared/domain/ids/constants';
import type { ApplicationRowView } from '@portal/shared/domain/rules/application-row';
import {
  PIPELINE_STAGE_LABELS,
  PIPELINE_STAGE_MEANINGS,
  type FunnelStep,
  type PipelinePage,
  type PipelineStage,
  type ReviewerSeries,
  type RoleFunnel,
} from '@portal/shared/domain/rules/pipeline';
import { countOf } from '@portal/shared/domain/ids/text';
import { Link, useNavigate, useUrlParams } from '@portal/shared/router';
import { DateTime, LoadError, PageSkeleton, useRoleLabel } from '@portal/shared/ui';
import { usePipeline, usePipelineRows, type PipelineRowsSelection } from '../../api/pipeline';
import { dorPaths } from '../../lib/paths';
import { barOptions, CHART_COLOURS, dayBars, dayLine, dayOptions, daySeconds, UPlotChart } from './pipeline-charts';

const percent = (share: number | null) => (share === null ? '—' : `${Math.round(share * 100)}%`);

/** The dashboard view that shows a stage's rows of every role, where one exists. */
const DASHBOARD_VIEW: Partial<Record<PipelineStage, { tab: string; search?: string }>> = {
  submitted: { tab: 'all' },
  reviewed: { tab: 'all', search: '?sort=reviewScore&dir=desc' },
  qualified: { tab: 'qualified' },
  interviewed: { tab: 'qualified', search: '?sort=interviewScore&dir=desc' },
  'offer-accepted': { tab: 'all', search: '?filter=offer-accepted' },
};

/** The URL's selection of rows (`?role=…&stage=…` or `?day=…`). */
function useSelection() {
  const { params, update } = useUrlParams();
  const role = params.get('role');
  const stage = params.get('stage');
  const day = params.get('day');
  const selection: PipelineRowsSelection | null = day ? { day } : role && stage ? { role, stage } : null;
  const select = (next: PipelineRowsSelection | null) =>
    update(
      (kept) => {
        for (const key of ['role', 'stage', 'day']) kept.delete(key);
        for (const [key, value] of Object.entries(next ?? {})) kept.set(key, value);
      },
      { push: true },
    );
  return { selection, select };
}

/** antd's table with an accessible name (its `title` is a line above the table, not its caption). */
function useNamedTable(name: string) {
  return useMemo(
    () => ({
      table: (props: HTMLAttributes<HTMLTableElement>) => <table {...props} aria-label={name} />,
    }),
    [name],
  );
}

const selectionLink = (next: PipelineRowsSelection) => `?${new URLSearchParams(next).toString()}`;

/**
 * `/admin/dor/dashboard/{formId}/pipeline`: the pipeline at a glance (docs/product.md#pipeline-at-a-glance).
 * Every chart has its numbers beside it in a table, and opens the rows it counts.
 */
export function PipelineTab({ formId }: { formId: string }) {
  const pipeline = usePipeline(formId);
  const { selection, select } = useSelection();

  if (pipeline.isError) {
    return (
      <LoadError
        title="The pipeline could not be loaded."
        error={pipeline.error}
        onRetry={() => void pipeline.refetch()}
      />
    );
  }
  if (pipeline.isPending) return <PageSkeleton label="Loading the pipeline" />;
  const page = pipeline.data;

  return (
    <Flex vertical gap={16}>
      {selection && <SelectedRows formId={formId} selection={selection} onClose={() => select(null)} />}
      <Funnels funnels={page.funnels} onPick={select} />
      <SubmissionsPerDay page={page} onPick={(day) => select({ day })} />
      <ReviewerProgressOverTime formId={formId} page={page} />
    </Flex>
  );
}

function Funnels({ funnels, onPick }: { funnels: RoleFunnel[]; onPick: (selection: PipelineRowsSelection) => void }) {
  const roleLabel = useRoleLabel();
  return (
    <Card title="Funnel by role" size="small">
      <Typography.Paragraph type="secondary">
        How far each role’s applications got: {STAGE_HELP}. Each stage shows its share of the stage before. Click a bar,
        or a count in the table, to list its applications.
      </Typography.Paragraph>
      {funnels.length === 0 && <Typography.Text>No application has been started yet.</Typography.Text>}
      <Flex vertical gap={24}>
        {funnels.map((funnel) => (
          <RoleFunnelChart key={funnel.role} funnel={funnel} roleLabel={roleLabel(funnel.role)} onPick={onPick} />
        ))}
      </Flex>
    </Card>
  );
}

const STAGE_HELP = (Object.keys(PIPELINE_STAGE_MEANINGS) as PipelineStage[])
  .map((stage) => `${PIPELINE_STAGE_LABELS[stage].toLowerCase()} (${PIPELINE_STAGE_MEANINGS[stage]})`)
  .join(', ');

function RoleFunnelChart({
  funnel,
  roleLabel,
  onPick,
}: {
  funnel: RoleFunnel;
  roleLabel: string;
  onPick: (selection: PipelineRowsSelection) => void;
}) {
  const { options, data } = useMemo(() => {
    const labels = funnel.steps.map((step) => PIPELINE_STAGE_LABELS[step.stage]);
    const notes = funnel.steps.map((step) => (step.shareOfPrevious === null ? '' : percent(step.shareOfPrevious)));
    return {
      options: barOptions(labels, notes, CHART_COLOURS[0]!),
      data: [funnel.steps.map((_, index) => index), funnel.steps.map((step) => step.count)] as [number[], number[]],
    };
  }, [funnel]);
  const tableName = `${roleLabel}: applications at each stage`;
  const namedTable = useNamedTable(tableName);
  const pick = (index: number) => {
    const stage = funnel.steps[index]?.stage;
    if (stage && stage !== 'started') onPick({ role: funnel.role, stage });
  };
  const columns: ColumnsType<FunnelStep> = [
    { title: 'Stage', key: 'stage', render: (_: unknown, step) => PIPELINE_STAGE_LABELS[step.stage] },
    {
      title: 'Applications',
      key: 'count',
      align: 'right',
      render: (_: unknown, step) =>
        step.stage === 'started' ? (
          step.count
        ) : (
          <Link
            to={selectionLink({ role: funnel.role, stage: step.stage })}
            aria-label={`${countOf(step.count, 'application')} ${PIPELINE_STAGE_LABELS[step.stage].toLowerCase()} for ${roleLabel}`}
          >
            {step.count}
          </Link>
        ),
    },
    {
      title: 'Share of the stage before',
      key: 'share',
      align: 'right',
      render: (_: unknown, step) => percent(step.shareOfPrevious),
    },
  ];
  return (
    <Row gutter={[24, 12]}>
      <Col xs={24} xl={12}>
        <Typography.Title level={3} style={{ fontSize: 16, marginTop: 0 }}>
          {roleLabel}
        </Typography.Title>
        <UPlotChart
          options={options}
          data={data}
          height={240}
          label={`Funnel of ${roleLabel}: the table beside gives each stage's count.`}
          onPick={pick}
        />
      </Col>
      <Col xs={24} xl={12}>
        <Table
          size="small"
          rowKey="stage"
          pagination={false}
          columns={columns}
          dataSource={funnel.steps}
          title={() => tableName}
          components={namedTable}
        />
      </Col>
    </Row>
  );
}

function SubmissionsPerDay({ page, onPick }: { page: PipelinePage; onPick: (day: string) => void }) {
  const { options, data } = useMemo(
    () => ({
      options: dayOptions(
        [dayBars('Role applications submitted', CHART_COLOURS[0]!)],
        { at: Date.parse(page.dueDate) / 1000, label: 'Due' },
        'Submitted',
      ),
      data: [page.days.map(daySeconds), page.submittedPerDay] as [number[], number[]],
    }),
    [page],
  );
  const busy = page.days
    .map((day, index) => ({ day, count: page.submittedPerDay[index] ?? 0 }))
    .filter((each) => each.count > 0);
  const total = busy.reduce((sum, each) => sum + each.count, 0);
  const daysTable = useNamedTable('Days with submissions');
  return (
    <Card title="Applications per day" size="small">
      <Typography.Paragraph type="secondary">
        Role applications submitted each day (UTC), against the due date, <DateTime value={page.dueDate} />:{' '}
        {countOf(total, 'role application')} in all. Click a day to list its applications.
      </Typography.Paragraph>
      <Row gutter={[24, 12]}>
        <Col xs={24} xl={14}>
          <UPlotChart
            options={options}
            data={data}
            height={240}
            label="Role applications submitted per day: the table beside lists each day with submissions."
            onPick={(index) => {
              const day = page.days[index];
              if (day) onPick(day);
            }}
          />
        </Col>
        <Col xs={24} xl={10}>
          <Table
            size="small"
            rowKey="day"
            columns={[
              {
                title: 'Day (UTC)',
                key: 'day',
                render: (_: unknown, each: { day: string }) => (
                  <Link to={selectionLink({ day: each.day })}>{each.day}</Link>
                ),
              },
              { title: 'Submitted', dataIndex: 'count', key: 'count', align: 'right' },
            ]}
            dataSource={busy}
            pagination={busy.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
            title={() => 'Days with submissions'}
            components={daysTable}
            locale={{ emptyText: 'Nothing submitted yet.' }}
          />
        </Col>
      </Row>
    </Card>
  );
}

function ReviewerProgressOverTime({ formId, page }: { formId: string; page: PipelinePage }) {
  const { options, data } = useMemo(
    () => ({
      options: dayOptions(
        page.reviewers.map((reviewer, index) =>
          dayLine(reviewer.staffName, CHART_COLOURS[index % CHART_COLOURS.length]!),
        ),
        { at: Date.parse(page.dueDate) / 1000, label: 'Due' },
        'Reviews',
      ),
      data: [page.days.map(daySeconds), ...page.reviewers.map((reviewer) => reviewer.submitted)] as [
        number[],
        ...number[][],
      ],
    }),
    [page],
  );
  const last = page.days.length - 1;
  const weekAgo = Math.max(0, last - 7);
  const columns: ColumnsType<ReviewerSeries> = [
    {
      title: 'Reviewer',
      key: 'name',
      render: (_: unknown, reviewer) => (
        <Link to={dorPaths.staffMember('review', formId, reviewer.staffId)}>{reviewer.staffName}</Link>
      ),
    },
    { title: 'Submitted', key: 'total', align: 'right', render: (_: unknown, each) => each.submitted[last] ?? 0 },
    {
      title: 'Last 7 days',
      key: 'week',
      align: 'right',
      render: (_: unknown, each) => (each.submitted[last] ?? 0) - (each.submitted[weekAgo] ?? 0),
    },
  ];
  const navigate = useNavigate();
  const reviewersTable = useNamedTable('Reviews submitted per reviewer');
  return (
    <Card title="Review progress per reviewer" size="small">
      <Typography.Paragraph type="secondary">
        Reviews each reviewer has submitted by each day (UTC). Click a line, or a name, to open the reviewer’s reviews;{' '}
        <Link to={dorPaths.progress(formId)}>Reviewer progress</Link> has the rest of their work.
      </Typography.Paragraph>
      <Row gutter={[24, 12]}>
        <Col xs={24} xl={14}>
          {page.reviewers.length > 0 ? (
            <UPlotChart
              options={options}
              data={data}
              height={260}
              label="Reviews submitted per reviewer over time: the table beside gives each reviewer's count."
              onPick={(_index, series) => {
                const reviewer = series === null ? undefined : page.reviewers[series - 1];
                if (reviewer) navigate(dorPaths.staffMember('review', formId, reviewer.staffId));
              }}
            />
          ) : (
            <Typography.Text>No review has been submitted yet.</Typography.Text>
          )}
        </Col>
        <Col xs={24} xl={10}>
          <Table
            size="small"
            rowKey="staffId"
            columns={columns}
            dataSource={page.reviewers}
            pagination={page.reviewers.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
            title={() => 'Reviews submitted per reviewer'}
            components={reviewersTable}
            locale={{ emptyText: 'No review submitted yet.' }}
          />
        </Col>
      </Row>
    </Card>
  );
}

/** The rows a chart counts (the server pages them), with a link to each application. */
function SelectedRows({
  formId,
  selection,
  onClose,
}: {
  formId: string;
  selection: PipelineRowsSelection;
  onClose: () => void;
}) {
  const { api } = usePortal();
  const form = useQuery(formQueryOptions(api, formId));
  const roleLabel = useRoleLabel();
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const key = JSON.stringify(selection);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    setCursors([null]);
    box.current?.scrollIntoView({ block: 'nearest' });
  }, [key]);
  const cursor = cursors[cursors.length - 1] ?? null;
  const rows = usePipelineRows(formId, selection, cursor);
  const view = 'stage' in selection ? DASHBOARD_VIEW[selection.stage as PipelineStage] : undefined;
  const title =
    'day' in selection
      ? `Submitted on ${selection.day} (UTC)`
      : `${roleLabel(selection.role)}: ${PIPELINE_STAGE_LABELS[selection.stage as PipelineStage] ?? selection.stage}`;
  const rowsTable = useNamedTable(title);
  const columns: ColumnsType<ApplicationRowView> = [
    {
      title: 'Applicant',
      key: 'applicant',
      render: (_: unknown, row) => <Link to={dorPaths.application(formId, row.responseId)}>{row.applicantName}</Link>,
    },
    ...('day' in selection
      ? [{ title: 'Role', key: 'role', render: (_: unknown, row: ApplicationRowView) => roleLabel(row.role) }]
      : []),
    {
      title: 'Submitted',
      key: 'submitted',
      responsive: ['lg'],
      render: (_: unknown, row) => <DateTime value={row.submittedAt} timeZone={form.data?.timeZone} />,
    },
    {
      title: 'Reviews',
      key: 'reviews',
      responsive: ['sm'],
      render: (_: unknown, row) => `${row.reviewsDone} of ${row.reviewsAssigned}`,
    },
    { title: 'Status', key: 'status', render: (_: unknown, row) => REVIEW_DECISION_LABELS[row.decision] },
  ];
  return (
    <div ref={box}>
      <Card
        size="small"
        title={title}
        extra={
          <Button size="small" onClick={onClose}>
            Close
          </Button>
        }
      >
        {rows.isError ? (
          <LoadError
            title="These applications could not be loaded."
            error={rows.error}
            onRetry={() => void rows.refetch()}
          />
        ) : (
          <Flex vertical gap={8}>
            <Flex gap={8} wrap justify="space-between">
              <Typography.Text>{rows.data ? countOf(rows.data.total, 'role application') : 'Loading…'}</Typography.Text>
              {view && (
                <Link to={`${dorPaths.dashboard(formId, view.tab)}${view.search ?? ''}`}>
                  The dashboard’s view of this stage (every role)
                </Link>
              )}
            </Flex>
            <Table
              size="small"
              rowKey="id"
              components={rowsTable}
              columns={columns}
              dataSource={rows.data?.items ?? []}
              loading={rows.isFetching}
              pagination={false}
            />
            <Flex gap={8}>
              <Button size="small" disabled={cursors.length < 2} onClick={() => setCursors(cursors.slice(0, -1))}>
                Previous page
              </Button>
              <Button
                size="small"
                disabled={!rows.data?.nextCursor}
                onClick={() => rows.data?.nextCursor && setCursors([...cursors, rows.data.nextCursor])}
              >
                Next page
              </Button>
            </Flex>
          </Flex>
        )}
      </Card>
    </div>
  );
}
