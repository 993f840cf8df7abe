import type { ReactNode } from 'react';
import { Button, Flex, Select, Switch, Tag, Typography } from 'antd';
import type { ColumnsType, ColumnType } from 'antd/es/table';
import type { SortOrder } from 'antd/es/table/interface';
import {
  isFinalDecision,
  type AssessmentKind,
  type FinalDecision,
  REVIEW_DECISION_LABELS,
} from '@portal/shared/domain/ids/constants';
import { offerState, refsOf } from '@portal/shared/domain/rules/application-row';
import { CALIBRATION_EXPLANATION } from '@portal/shared/domain/rules/calibration';
import type { DashboardRowView } from '@portal/shared/domain/rules/fair-review';
import type { RowSort, RowTab } from '@portal/shared/domain/schemas/staff-api';
import { Link } from '@portal/shared/router';
import { DateTime, RoleBadge } from '@portal/shared/ui';
import { HelpTitle } from '../../lib/help-title';
import {
  DECISION_OPTIONS,
  OFFER_COLORS,
  OFFER_LABELS,
  OFFER_PLANNED,
  OFFER_PLANNED_HELP,
  scoreText,
} from '../../lib/labels';
import { dorPaths } from '../../lib/paths';
import { AssignStaff } from '../assignments';
import { ChangeDecisionButton } from './change-decision';
import { LetterPreviewButton } from './letter-preview';

type Row = DashboardRowView;
type RowKey = Pick<Row, 'responseId' | 'role'>;

/** What the columns need from the tab: sorting, and the row actions under way. */
export interface RowColumnContext {
  formId: string;
  /** Decisions released: the switches, pickers and selects are disabled. */
  readOnly: boolean;
  /** Decisions released: an offer is one the applicant was told of (before, a planned one). */
  released: boolean;
  /** The decision cell shows the offer's reply too (a tab without an Offer column). */
  showOffer: boolean;
  sortOrder: (key: RowSort) => SortOrder;
  qualify: (row: Row, qualified: boolean) => void;
  qualifying: (row: RowKey) => boolean;
  decide: (row: Row, decision: FinalDecision) => void;
  deciding: (row: RowKey) => boolean;
  /** "Add a reviewer" on a row flagged for disagreement. */
  addReviewer: (row: Row) => void;
  addingReviewer: (row: RowKey) => boolean;
}

function ApplicantCell({ row }: { row: Row }) {
  // In a narrow column the address wraps before its "@" (or at a hyphen) rather than anywhere; the
  // column is never narrower than a usual domain ("@example.com"), else a phone broke it mid-word.
  const at = row.applicantEmail.lastIndexOf('@');
  return (
    <Flex vertical style={{ minWidth: '9.5em' }}>
      <Link to={dorPaths.application(row.applicationFormId, row.responseId)}>{row.applicantName}</Link>
      <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
        {at > 0 ? (
          <>
            {row.applicantEmail.slice(0, at)}
            <wbr />
            {row.applicantEmail.slice(at)}
          </>
        ) : (
          row.applicantEmail
        )}
      </Typography.Text>
    </Flex>
  );
}

/**
 * The offer's tag ("Offer pending/accepted/declined"), or a dash when the row has no offer; before
 * the release the applicant has been told nothing, so it is only "Offer planned".
 */
function OfferTag({ row, released }: { row: Row; released: boolean }) {
  const state = offerState(row);
  if (!state) return <>—</>;
  if (!released) return <Tag title={OFFER_PLANNED_HELP}>{OFFER_PLANNED}</Tag>;
  return <Tag color={OFFER_COLORS[state]}>{OFFER_LABELS[state]}</Tag>;
}

/**
 * The raw score; on a row whose reviewers disagree, the flag and its "Add a reviewer" action (none
 * on a decided row: one more review would not change its decision).
 */
function ReviewScoreCell({ row, context }: { row: Row; context: RowColumnContext }) {
  if (!row.disagreement) return <>{scoreText(row.reviewScore)}</>;
  return (
    <Flex vertical gap={4} align="start">
      {scoreText(row.reviewScore)}
      <Tag color="orange" title={`The reviewers' calibrated scores differ by ${row.calibratedSpread} points`}>
        Disagreement
      </Tag>
      <Button
        size="small"
        disabled={context.readOnly || isFinalDecision(row.decision)}
        title={isFinalDecision(row.decision) ? 'This application is decided' : undefined}
        loading={context.addingReviewer(row)}
        aria-label={`Add a reviewer for ${row.applicantName}`}
        onClick={() => context.addReviewer(row)}
      >
        Add a reviewer
      </Button>
    </Flex>
  );
}

const sortable = (context: RowColumnContext, key: RowSort, title: ReactNode, render: (row: Row) => ReactNode) =>
  ({
    title,
    key,
    sorter: true,
    sortOrder: context.sortOrder(key),
    render: (_: unknown, row) => render(row),
  }) satisfies ColumnType<Row>;

/** Done/assigned reviews (or interviews), linked to who is assigned. */
/** The row's reviews (or interviews) done of those assigned, a link to them. */
function WorkLink({ kind, row }: { kind: AssessmentKind; row: Row }) {
  const [done, assigned] =
    kind === 'review' ? [row.reviewsDone, row.reviewsAssigned] : [row.interviewsDone, row.interviewsAssigned];
  return (
    <Link
      to={dorPaths.assignments(kind, row.responseId)}
      title={`${kind === 'review' ? 'Reviews' : 'Interviews'} of ${row.applicantName}`}
    >{`${done}/${assigned}`}</Link>
  );
}

const workColumn = (kind: AssessmentKind): ColumnType<Row> => ({
  title: kind === 'review' ? 'Reviews' : 'Interviews',
  key: kind === 'review' ? 'reviews' : 'interviews',
  render: (_: unknown, row) => <WorkLink kind={kind} row={row} />,
});

/** A staff picker for one more review (or interview) of the row. */
const assignColumn = (context: RowColumnContext, kind: AssessmentKind, title: string): ColumnType<Row> => ({
  title,
  key: 'assign',
  render: (_: unknown, row) => (
    <AssignStaff
      formId={context.formId}
      kind={kind}
      responseId={row.responseId}
      role={row.role}
      exclude={[row.userId, ...refsOf(row, kind).map((ref) => ref.staffId)]}
      disabled={context.readOnly}
    />
  ),
});

const COLUMNS = {
  name: (context) => ({
    title: 'Applicant',
    key: 'name',
    sorter: true,
    sortOrder: context.sortOrder('name'),
    render: (_: unknown, row) => <ApplicantCell row={row} />,
  }),
  role: () => ({ title: 'Role', key: 'role', render: (_: unknown, row) => <RoleBadge role={row.role} /> }),
  submittedAt: (context) =>
    sortable(context, 'submittedAt', 'Submitted', (row) => <DateTime value={row.submittedAt} />),
  reviews: () => workColumn('review'),
  reviewScore: (context) =>
    sortable(context, 'reviewScore', 'Average score', (row) => <ReviewScoreCell row={row} context={context} />),
  calibratedReviewScore: (context) =>
    sortable(
      context,
      'calibratedReviewScore',
      <HelpTitle title="Calibrated" help={CALIBRATION_EXPLANATION} label="How calibrated scores work" />,
      (row) => scoreText(row.calibratedReviewScore),
    ),
  qualified: (context) => ({
    title: 'Qualified',
    key: 'qualified',
    render: (_: unknown, row) => (
      <Switch
        aria-label="Qualified"
        checked={row.qualified}
        disabled={context.readOnly}
        loading={context.qualifying(row)}
        onChange={(qualified) => context.qualify(row, qualified)}
      />
    ),
  }),
  assignReviewers: (context) => assignColumn(context, 'review', 'Assign reviewers'),
  /** The interviews done of those assigned, and under them the slot the applicant booked: when, how long, with whom. */
  interviews: () => {
    const work = workColumn('interview');
    return {
      ...work,
      render: (_: unknown, row) => (
        <Flex vertical gap={2} align="start">
          <WorkLink kind="interview" row={row} />
          {row.interviewBooking ? (
            <>
              <span>
                <DateTime value={row.interviewBooking.startsAt} />
              </span>
              <Typography.Text type="secondary">
                {`${row.interviewBooking.minutes} minutes with ${row.interviewBooking.interviewerNames.join(', ')}`}
              </Typography.Text>
            </>
          ) : (
            <Typography.Text type="secondary">Not booked</Typography.Text>
          )}
        </Flex>
      ),
    };
  },
  interviewScore: (context) =>
    sortable(context, 'interviewScore', 'Interview score', (row) => scoreText(row.interviewScore)),
  assignInterviewer: (context) => assignColumn(context, 'interview', 'Assign interviewer'),
  offer: (context) => ({
    title: 'Offer',
    key: 'offer',
    render: (_: unknown, row) => <OfferTag row={row} released={context.released} />,
  }),
  /**
   * The final decision, or (as its placeholder) where the work stands until there is one; the
   * offer's reply under it, and the row's "Preview letter" action once it has a decision.
   */
  decision: (context) => ({
    title: 'Decision',
    key: 'decision',
    render: (_: unknown, row) => (
      <Flex vertical gap={4} align="start">
        <Select<FinalDecision>
          aria-label="Decision"
          placeholder={REVIEW_DECISION_LABELS[row.decision]}
          style={{ minWidth: 130 }}
          options={DECISION_OPTIONS}
          value={isFinalDecision(row.decision) ? row.decision : undefined}
          disabled={context.readOnly}
          loading={context.deciding(row)}
          onChange={(decision) => context.decide(row, decision)}
        />
        {context.showOffer && offerState(row) && <OfferTag row={row} released={context.released} />}
        {isFinalDecision(row.decision) && <LetterPreviewButton row={{ ...row, decision: row.decision }} />}
        {/* After release the select stays read-only: a change goes through a dialog that tells the applicant. */}
        {context.readOnly && isFinalDecision(row.decision) && (
          <ChangeDecisionButton row={{ ...row, decision: row.decision }} />
        )}
      </Flex>
    ),
  }),
} satisfies Record<string, (context: RowColumnContext) => ColumnType<Row>>;

/** The columns of each tab of rows: all applications (review work), qualified ones (interviews and decisions). */
const COLUMN_SETS: Record<RowTab, (keyof typeof COLUMNS)[]> = {
  all: [
    'name',
    'role',
    'submittedAt',
    'reviews',
    'reviewScore',
    'calibratedReviewScore',
    'qualified',
    'assignReviewers',
    'decision',
  ],
  qualified: [
    'name',
    'role',
    'reviewScore',
    'calibratedReviewScore',
    'interviews',
    'interviewScore',
    'assignInterviewer',
    'decision',
    'offer',
  ],
};

/** Once decisions are released nothing is assigned any more: the pickers' columns go, and the table fits a laptop again. */
const ASSIGN_COLUMNS: readonly (keyof typeof COLUMNS)[] = ['assignReviewers', 'assignInterviewer'];

export const rowColumns = (tab: RowTab, context: RowColumnContext): ColumnsType<Row> =>
  COLUMN_SETS[tab]
    .filter((key) => !(context.released && ASSIGN_COLUMNS.includes(key)))
    .map((key) => COLUMNS[key](context));
