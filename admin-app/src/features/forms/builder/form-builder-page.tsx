import { useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@portal/shared/query';
import { Alert, Button, Checkbox, Col, Flex, Form, Input, Row, Select, Space, Spin, Tabs, Typography } from 'antd';
import {
  ApiRequestError,
  formKeys,
  formQueryOptions,
  useDateFormat,
  usePortal,
  useTimeZone,
  useWarnBeforeUnload,
} from '@portal/shared/client';
import { ASSESSMENT_KINDS } from '@portal/shared/domain/ids/constants';
import { fieldIssuesOf, type FieldIssue } from '@portal/shared/domain/ids/errors';
import { countOf } from '@portal/shared/domain/ids/text';
import { formTeamRoles } from '@portal/shared/domain/ids/team-role-defaults';
import { BLIND_REVIEW_TEXTS } from '@portal/shared/domain/rules/blind-review';
import { fromZonedWallTime, toZonedWallTime } from '@portal/shared/domain/rules/dates';
import type { ApplicationForm } from '@portal/shared/domain/schemas/forms';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from '@portal/shared/router';
import { PageSkeleton, PageTitle, LoadError, timeZoneName, useScreens } from '@portal/shared/ui';
import { saveFormDefinition } from '../../../api/forms';
import { dorPaths } from '../../../lib/paths';
import { pastDueDate, pastDueMessage } from '../past-due-date';
import { useStaffMutation } from '../../../lib/use-staff-mutation';
import { draftIssues, duplicateForm, issuesByPath, newForm, pathLabel, toDefinition, type FormDraft } from './draft';
import { Field, fieldId, IssuesContext, MarkdownField, TextField, useIssue } from './fields';
import { FormPreview } from './form-preview';
import { RetentionSettings } from './retention-settings';
import { ExportDialog, ImportDialog } from './json-dialogs';
import { SectionsEditor, type KnownIds } from './sections-editor';
import { criterionRef, LettersEditor, MessagesEditor, RolesEditor, RubricsEditor } from './settings-editors';

const TIME_ZONES = Intl.supportedValuesOf('timeZone');

/** An ISO date as a `datetime-local` input shows it in `zone`, and back (null when not a date). */
function toZonedInput(iso: string | undefined, zone: string): string {
  return iso && !Number.isNaN(Date.parse(iso)) ? toZonedWallTime(iso, zone) : '';
}

function DetailsEditor({
  draft,
  onChange,
  stored,
}: {
  draft: FormDraft;
  onChange: (draft: FormDraft) => void;
  stored: ApplicationForm | null;
}) {
  const format = useDateFormat(draft.timeZone);
  const zone = useTimeZone(draft.timeZone);
  const pastDue = pastDueDate(draft);
  const dueIssue = useIssue('dueDate');
  return (
    <Flex vertical>
      <Flex gap={12} wrap>
        <div style={{ flex: '1 1 200px' }}>
          <TextField
            path="semester"
            label="Semester"
            required
            placeholder="Fall 2026"
            value={draft.semester}
            onChange={(semester) => onChange({ ...draft, semester })}
          />
        </div>
        <div style={{ flex: '1 1 200px' }}>
          <TextField
            path="id"
            label="Form id"
            required
            placeholder="fall-2026"
            extra="Letters, digits, - and _; it cannot change once applications come in."
            value={draft.id}
            onChange={(id) => onChange({ ...draft, id })}
          />
        </div>
      </Flex>
      <Flex gap={12} wrap>
        <div style={{ flex: '1 1 200px' }}>
          <Field path="dueDate" label={`Due date (${timeZoneName(zone)})`} required>
            <Input
              id={fieldId('dueDate')}
              type="datetime-local"
              aria-invalid={dueIssue ? true : undefined}
              value={toZonedInput(draft.dueDate, zone)}
              onChange={(event) =>
                onChange({ ...draft, dueDate: fromZonedWallTime(event.target.value, zone)?.toISOString() ?? '' })
              }
            />
          </Field>
          {pastDue && <Alert type="warning" showIcon title={pastDueMessage(format.dateTime(pastDue))} />}
        </div>
        <div style={{ flex: '1 1 200px' }}>
          <Field path="reviewDueDate" label={`Reviews due (optional, ${timeZoneName(zone)})`}>
            <Input
              id={fieldId('reviewDueDate')}
              type="datetime-local"
              value={toZonedInput(draft.reviewDueDate, zone)}
              onChange={(event) =>
                onChange({
                  ...draft,
                  reviewDueDate: fromZonedWallTime(event.target.value, zone)?.toISOString() ?? undefined,
                })
              }
            />
          </Field>
        </div>
        <div style={{ flex: '1 1 200px' }}>
          <Field path="timeZone" label="Time zone (optional)" extra="The chapter's; dates show in it.">
            <Select
              id={fieldId('timeZone')}
              showSearch
              allowClear
              placeholder="The portal's"
              value={draft.timeZone}
              options={TIME_ZONES.map((zone) => ({ value: zone, label: zone }))}
              onChange={(timeZone?: string) => onChange({ ...draft, timeZone: timeZone || undefined })}
            />
          </Field>
        </div>
      </Flex>
      <MarkdownField
        path="description"
        label="Description (optional)"
        rows={4}
        value={draft.description}
        onChange={(description) => onChange({ ...draft, description })}
      />
      <Space wrap>
        {ASSESSMENT_KINDS.map((kind) => (
          <Checkbox
            key={kind}
            checked={draft.blindReview?.[kind] === true}
            onChange={(event) => {
              const blindReview = { ...draft.blindReview, [kind]: event.target.checked || undefined };
              onChange({
                ...draft,
                blindReview: blindReview.review || blindReview.interview ? blindReview : undefined,
              });
            }}
          >
            {BLIND_REVIEW_TEXTS.stageSwitch[kind]}
          </Checkbox>
        ))}
      </Space>
      <Typography.Text type="secondary" style={{ marginTop: 4 }}>
        {BLIND_REVIEW_TEXTS.filesNotice}
      </Typography.Text>
      <RetentionSettings draft={draft} onChange={onChange} saved={stored} />
    </Flex>
  );
}

function ProblemList({ issues, draft }: { issues: FieldIssue[]; draft: FormDraft }) {
  if (issues.length === 0) return null;
  return (
    <Alert
      type="error"
      showIcon
      title={`${countOf(issues.length, 'thing')} to fix before saving:`}
      description={
        <ul style={{ margin: 0, paddingLeft: 20, maxHeight: 200, overflowY: 'auto' }}>
          {issues.map((issue) => (
            <li key={`${issue.path}: ${issue.message}`}>{`${pathLabel(issue.path, draft)}: ${issue.message}`}</li>
          ))}
        </ul>
      }
    />
  );
}

/** The builder for one form: `known` are the stored form's ids (answers point at them; never re-derived). */
function FormBuilder({
  initial,
  stored,
  notice,
  tab: heldTab,
}: {
  initial: FormDraft;
  stored: ApplicationForm | null;
  notice?: string;
  /** The open tab held by the page, so a save (which loads the builder again) keeps it open. */
  tab?: [string, (key: string) => void];
}) {
  const { api } = usePortal();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const screens = useScreens();
  const [draft, setDraft] = useState(initial);
  // The draft as last loaded or saved: leaving the tab with other edits asks first.
  const [savedDraft, setSavedDraft] = useState(initial);
  const submitted = useRef(initial);
  useWarnBeforeUnload(() => draft !== savedDraft);
  const [showIssues, setShowIssues] = useState(false);
  const [serverIssues, setServerIssues] = useState<{ message: string; issues: FieldIssue[] } | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [previewSection, setPreviewSection] = useState(0);
  const ownTab = useState('sections');
  const [tab, setTab] = heldTab ?? ownTab;
  const knownIds: KnownIds = useMemo(
    () =>
      new Set(
        (stored?.sections ?? []).flatMap((section) => [
          section.sectionId,
          ...section.questions.map((question) => `${section.sectionId}.${question.questionId}`),
        ]),
      ),
    [stored],
  );
  // The stored form's roles and criteria: applications and reviews store their ids, which never follow a new name.
  const knownRoleIds = useMemo(() => new Set(stored ? formTeamRoles(stored).map((role) => role.id) : []), [stored]);
  const knownCriteria = useMemo(
    () =>
      new Set(
        (['reviewRubrics', 'interviewRubrics'] as const).flatMap((field) =>
          (stored?.[field] ?? []).flatMap((rubric) =>
            rubric.criteria.map((criterion) => criterionRef(field, rubric.rubricId, criterion.key)),
          ),
        ),
      ),
    [stored],
  );
  const clientIssues = useMemo(() => draftIssues(draft), [draft]);
  const byPath = useMemo(
    () => issuesByPath([...(showIssues ? clientIssues : []), ...(serverIssues?.issues ?? [])]),
    [showIssues, clientIssues, serverIssues],
  );

  const edit = (next: FormDraft) => {
    setDraft(next);
    setServerIssues(null);
  };

  const save = useStaffMutation((definition: FormDraft) => saveFormDefinition(api, definition), {
    success: (form) => `${form.semester} saved.`,
    onSuccess: async (form) => {
      setServerIssues(null);
      setSavedDraft(submitted.current);
      await queryClient.invalidateQueries({ queryKey: formKeys.byId(form.id) });
      if (stored?.id !== form.id) navigate(dorPaths.editForm(form.id), { replace: true });
    },
    onError: (error) => {
      if (!(error instanceof ApiRequestError && (error.status === 400 || error.reason === 'answers-would-be-lost'))) {
        return false;
      }
      setServerIssues({ message: error.message, issues: fieldIssuesOf(error.details) });
      return true;
    },
  });

  const submit = () => {
    setShowIssues(true);
    if (clientIssues.length > 0) return;
    submitted.current = draft;
    save.mutate(toDefinition(draft));
  };

  const editor = (
    <Form layout="vertical" component={false}>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'details', label: 'Form', children: <DetailsEditor draft={draft} onChange={edit} stored={stored} /> },
          {
            key: 'sections',
            label: `Sections (${draft.sections.length})`,
            children: (
              <SectionsEditor
                draft={draft}
                knownIds={knownIds}
                onChange={(sections) => edit({ ...draft, sections })}
                onShowSection={setPreviewSection}
              />
            ),
          },
          {
            key: 'roles',
            label: 'Roles',
            children: <RolesEditor draft={draft} onChange={edit} knownRoleIds={knownRoleIds} />,
          },
          {
            key: 'rubrics',
            label: 'Rubrics',
            children: <RubricsEditor draft={draft} onChange={edit} knownCriteria={knownCriteria} />,
          },
          { key: 'letters', label: 'Letters', children: <LettersEditor draft={draft} onChange={edit} /> },
          { key: 'emails', label: 'Emails', children: <MessagesEditor draft={draft} onChange={edit} /> },
        ]}
      />
    </Form>
  );
  const preview = <FormPreview draft={draft} sectionIndex={previewSection} onSectionIndex={setPreviewSection} />;
  const wide = Boolean(screens.lg);

  return (
    <IssuesContext.Provider value={byPath}>
      <Flex vertical gap={16}>
        <Flex justify="space-between" align="center" wrap gap={8}>
          <div>
            <Link to={dorPaths.forms}>← All forms</Link>
            <PageTitle>{stored ? `Edit ${stored.semester}` : 'New form'}</PageTitle>
          </div>
          <Flex gap={8} wrap>
            <Button onClick={() => setImporting(true)}>Import JSON</Button>
            <Button onClick={() => setExporting(true)}>Export JSON</Button>
            {stored && (
              <Button onClick={() => navigate(dorPaths.duplicateForm(stored.id))}>Duplicate for a new semester</Button>
            )}
            <Button type="primary" loading={save.isPending} onClick={submit}>
              {save.isPending ? 'Saving…' : 'Save form'}
            </Button>
          </Flex>
        </Flex>
        {notice && <Alert type="info" showIcon title={notice} />}
        {stored && (
          <Typography.Text type="secondary">
            Applications keep their answers: a question someone answered cannot be removed, moved to another section or
            given another type, and a chosen option cannot be removed.
          </Typography.Text>
        )}
        {serverIssues && (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={serverIssues.message}
            description={
              serverIssues.issues.length > 0 && (
                <ul style={{ margin: 0, paddingLeft: 20 }}>
                  {serverIssues.issues.map((issue) => (
                    <li
                      key={`${issue.path}: ${issue.message}`}
                    >{`${pathLabel(issue.path, draft)}: ${issue.message}`}</li>
                  ))}
                </ul>
              )
            }
          />
        )}
        {showIssues && <ProblemList issues={clientIssues} draft={draft} />}
        {wide ? (
          <Row gutter={24} wrap={false}>
            <Col flex="1 1 0" style={{ minWidth: 0 }}>
              {editor}
            </Col>
            <Col flex="0 0 42%" style={{ minWidth: 0 }}>
              <div style={{ position: 'sticky', top: 16, maxHeight: 'calc(100vh - 32px)', overflowY: 'auto' }}>
                {preview}
              </div>
            </Col>
          </Row>
        ) : (
          <Tabs
            items={[
              { key: 'build', label: 'Builder', children: editor },
              { key: 'preview', label: 'Preview', children: preview },
            ]}
          />
        )}
      </Flex>
      <ImportDialog
        open={importing}
        onClose={() => setImporting(false)}
        onImport={(imported, issues) => {
          setImporting(false);
          edit(imported);
          setPreviewSection(0);
          setShowIssues(issues.length > 0);
        }}
      />
      <ExportDialog draft={draft} open={exporting} onClose={() => setExporting(false)} />
    </IssuesContext.Provider>
  );
}

/** `/admin/dor/forms/new` (`?from=<formId>`: a copy of that form for a new semester). */
export function NewFormPage() {
  const { api } = usePortal();
  const [params] = useSearchParams();
  const location = useLocation();
  const from = params.get('from');
  const source = useQuery({ ...formQueryOptions(api, from ?? ''), enabled: Boolean(from) });
  if (!from) return <FormBuilder key={location.key} initial={newForm()} stored={null} />;
  if (source.isError)
    return (
      <LoadError
        title="The form to copy could not be loaded."
        error={source.error}
        onRetry={() => void source.refetch()}
      />
    );
  if (source.isPending) return <PageSkeleton label="Loading the form to copy" />;
  return (
    <FormBuilder
      key={from}
      initial={duplicateForm(source.data, '', '')}
      stored={null}
      notice={`A copy of ${source.data.semester}: give it a semester and a new id, check the dates, then save. It starts inactive, with no applications.`}
    />
  );
}

/** `/admin/dor/forms/:formId/edit`. */
export function EditFormPage() {
  const { api } = usePortal();
  const { formId = '' } = useParams();
  const form = useQuery(formQueryOptions(api, formId));
  const tab = useState('sections');
  if (form.isError)
    return <LoadError title="The form could not be loaded." error={form.error} onRetry={() => void form.refetch()} />;
  if (form.isPending)
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin description="Loading the form" />
      </Flex>
    );
  const { isActive: _active, decisionsReleased: _released, ...definition } = form.data;
  return <FormBuilder key={`${formId}-${form.dataUpdatedAt}`} initial={definition} stored={form.data} tab={tab} />;
}
