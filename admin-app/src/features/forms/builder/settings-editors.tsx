import { useState } from 'react';
import { Button, Card, Empty, Flex, Input, Select, Typography } from 'antd';
import { type FinalDecision, REVIEW_DECISION_LABELS } from '@portal/shared/domain/ids/constants';
import {
  LETTER_PLACEHOLDERS,
  MESSAGE_KIND_LABELS,
  FORM_MESSAGE_KINDS,
  MESSAGE_PLACEHOLDERS,
  type FormMessageKind,
} from '@portal/shared/domain/ids/placeholders';
import {
  DEFAULT_TEAM_ROLE_DEFINITIONS,
  formReviewRoleRule,
  formTeamRoles,
  type TeamRoleDefinition,
} from '@portal/shared/domain/ids/team-role-defaults';
import { fillLetter } from '@portal/shared/domain/messages/decision-letters';
import { messageTemplate } from '@portal/shared/domain/messages/messages';
import type { DecisionLetter } from '@portal/shared/domain/schemas/decision-letters';
import { DEFAULT_INTERVIEW_CUTOFF_HOURS } from '@portal/shared/domain/schemas/interview-slots';
import type { MessageTemplate } from '@portal/shared/domain/schemas/message-templates';
import { roleColorIssue } from '@portal/shared/domain/ids/colour-contrast';
import { DecisionLetter as LetterView, RoleBadge, TeamRolesProvider } from '@portal/shared/ui';
import { DECISION_OPTIONS } from '../../../lib/labels';
import { moved, removed, replaced, withDerivedId, type FormDraft } from './draft';
import { RoleDeleteDialog } from './role-delete-dialog';
import {
  newCriterion,
  newRole,
  newRubric,
  roleReferences,
  withoutRole,
  withRoleId,
  type RubricField,
} from './roles-draft';
import { Field, fieldId, ItemActions, MarkdownField, NumberField, RolesField, TextField, useIssue } from './fields';

type Rubric = FormDraft['reviewRubrics'][number];
type Criterion = Rubric['criteria'][number];

function ListIssue({ path }: { path: string }) {
  const issue = useIssue(path);
  return issue ? (
    <Typography.Text type="danger" role="alert">
      {issue}
    </Typography.Text>
  ) : null;
}

/** The text of a role's colour field: what it colours, and the contrast it needs. */
export const ROLE_COLOUR_HINT =
  "The text colour of the role's badges, drawn on a pale tint of it: it must read at 4.5:1 on white.";

/**
 * The form's team roles (absent: the default seven, shown here to start from) and the review-role
 * rule. `knownRoleIds`: the stored form's roles, whose ids never follow their names (applications
 * point at them).
 */
export function RolesEditor({
  draft,
  onChange,
  knownRoleIds = new Set<string>(),
}: {
  draft: FormDraft;
  onChange: (draft: FormDraft) => void;
  knownRoleIds?: ReadonlySet<string>;
}) {
  const roles = formTeamRoles(draft);
  const setRoles = (next: TeamRoleDefinition[]) => onChange({ ...draft, roles: next });
  const rule = formReviewRoleRule(draft);
  const [deleting, setDeleting] = useState<number | null>(null);
  // A colour still being typed is no colour yet: its badge is grey until it is one.
  const previewRoles = roles.map((role) =>
    role.color && !/^#[0-9a-fA-F]{6}$/.test(role.color) ? { ...role, color: undefined } : role,
  );
  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">
        {draft.roles
          ? 'The teams applicants can apply to.'
          : 'This form uses the default roles; change any of them to make them this form’s own.'}
      </Typography.Text>
      <ListIssue path="roles" />
      {roles.map((role, index) => {
        const path = `roles.${index}`;
        const set = (patch: Partial<TeamRoleDefinition>) => setRoles(replaced(roles, index, { ...role, ...patch }));
        const setId = (id: string, base = draft) =>
          onChange(withRoleId({ ...base, roles: [...formTeamRoles(base)] }, index, id));
        const known = knownRoleIds.has(role.id);
        const referenced = roleReferences(draft, role.id).length > 0;
        return (
          <Card
            key={index}
            size="small"
            title={`${role.emoji ?? ''} ${role.label || 'New role'}`.trim()}
            extra={
              <ItemActions
                name={`role "${role.label || index + 1}"`}
                index={index}
                count={roles.length}
                onMove={(delta) => setRoles(moved(roles, index, delta))}
                onDelete={() => onChange(withoutRole(draft, index))}
                confirmDelete={referenced ? () => setDeleting(index) : undefined}
              />
            }
          >
            <Flex gap={12} wrap>
              <div style={{ flex: '2 1 180px' }}>
                <TextField
                  path={`${path}.label`}
                  label="Name"
                  required
                  value={role.label}
                  onChange={(label) => {
                    const id = withDerivedId(
                      role.label,
                      label,
                      role.id,
                      known,
                      roles.map((other) => other.id).filter((other) => other !== role.id),
                    );
                    setId(id, { ...draft, roles: replaced(roles, index, { ...role, label }) });
                  }}
                />
              </div>
              <div style={{ flex: '1 1 140px' }}>
                <TextField
                  path={`${path}.id`}
                  label="Role id"
                  extra={known ? 'Applications store this id.' : 'Made from the name; change it if you like.'}
                  value={role.id}
                  onChange={(id) => setId(id)}
                />
              </div>
              <div style={{ flex: '0 1 90px' }}>
                <TextField
                  path={`${path}.emoji`}
                  label="Emoji"
                  value={role.emoji}
                  onChange={(emoji) => set({ emoji: emoji || undefined })}
                />
              </div>
              <div style={{ flex: '1 1 220px' }}>
                <Field
                  path={`${path}.color`}
                  label="Text colour"
                  extra={ROLE_COLOUR_HINT}
                  liveIssue={role.color ? roleColorIssue(role.color) : null}
                >
                  <Input
                    id={fieldId(`${path}.color`)}
                    placeholder="#1f4d3f"
                    value={role.color ?? ''}
                    aria-invalid={role.color && roleColorIssue(role.color) ? true : undefined}
                    onChange={(event) => set({ color: event.target.value.trim() || undefined })}
                  />
                </Field>
              </div>
              <div
                style={{ flex: '0 1 auto', alignSelf: 'center' }}
                role="group"
                aria-label={`How the ${role.label || 'new role'} badge looks`}
              >
                <TeamRolesProvider roles={previewRoles}>
                  <RoleBadge role={role.id} />
                </TeamRolesProvider>
              </div>
            </Flex>
            <TextField
              path={`${path}.description`}
              label="Short description (optional)"
              value={role.description}
              onChange={(description) => set({ description: description || undefined })}
            />
          </Card>
        );
      })}
      <Flex gap={8} wrap>
        <Button onClick={() => setRoles([...roles, newRole(roles)])}>Add a role</Button>
        {draft.roles && <Button onClick={() => onChange({ ...draft, roles: undefined })}>Use the default roles</Button>}
      </Flex>
      <RoleDeleteDialog draft={draft} index={deleting} onClose={() => setDeleting(null)} onChange={onChange} />
      <Typography.Title level={5}>Who reviews what</Typography.Title>
      <Flex gap={12} wrap>
        <div style={{ flex: '2 1 200px' }}>
          <Field
            path="reviewRoleRule.requiredRole"
            label="Every reviewer must review"
            extra="Optional: a role every reviewer takes on."
          >
            <Select
              id={fieldId('reviewRoleRule.requiredRole')}
              allowClear
              placeholder="No required role"
              value={rule.requiredRole}
              options={roles.map((role) => ({ value: role.id, label: role.label }))}
              onChange={(requiredRole?: string) =>
                onChange({ ...draft, reviewRoleRule: { ...rule, requiredRole: requiredRole || undefined } })
              }
            />
          </Field>
        </div>
        <div style={{ flex: '1 1 160px' }}>
          <NumberField
            path="reviewRoleRule.minimum"
            label="Roles per reviewer, at least"
            min={0}
            value={rule.minimum}
            onChange={(minimum) => onChange({ ...draft, reviewRoleRule: { ...rule, minimum: minimum ?? 0 } })}
          />
        </div>
      </Flex>
    </Flex>
  );
}

function CriterionEditor({
  criterion,
  path,
  known,
  takenKeys,
  onChange,
}: {
  criterion: Criterion;
  path: string;
  /** Whether the stored form has this criterion: reviews store scores under its key. */
  known: boolean;
  takenKeys: string[];
  onChange: (c: Criterion) => void;
}) {
  const set = (patch: Partial<Criterion>) => onChange({ ...criterion, ...patch });
  return (
    <>
      <Flex gap={12} wrap>
        <div style={{ flex: '2 1 220px' }}>
          <TextField
            path={`${path}.prompt`}
            label="Criterion"
            required
            value={criterion.prompt}
            onChange={(prompt) =>
              set({ prompt, key: withDerivedId(criterion.prompt, prompt, criterion.key, known, takenKeys) })
            }
          />
        </div>
        <div style={{ flex: '1 1 140px' }}>
          <TextField
            path={`${path}.key`}
            label="Key"
            extra={known ? 'Reviews store scores under this key.' : 'Made from the criterion; change it if you like.'}
            value={criterion.key}
            onChange={(key) => set({ key })}
          />
        </div>
      </Flex>
      <MarkdownField
        path={`${path}.description`}
        label="What reviewers look for (optional)"
        rows={2}
        value={criterion.description}
        onChange={(description) => set({ description })}
      />
      <Flex gap={12} wrap>
        <div style={{ flex: '1 1 100px' }}>
          <NumberField
            path={`${path}.weight`}
            label="Weight"
            min={0}
            step={0.5}
            value={criterion.weight}
            onChange={(weight) => set({ weight: weight ?? 0 })}
          />
        </div>
        <div style={{ flex: '1 1 100px' }}>
          <NumberField
            path={`${path}.min`}
            label="Lowest score"
            value={criterion.min}
            onChange={(min) => set({ min: min ?? 0 })}
          />
        </div>
        <div style={{ flex: '1 1 100px' }}>
          <NumberField
            path={`${path}.max`}
            label="Highest score"
            value={criterion.max}
            onChange={(max) => set({ max: max ?? 0 })}
          />
        </div>
      </Flex>
    </>
  );
}

function RubricList({
  draft,
  field,
  title,
  onChange,
  knownCriteria,
}: {
  draft: FormDraft;
  field: 'reviewRubrics' | 'interviewRubrics';
  title: string;
  onChange: (draft: FormDraft) => void;
  knownCriteria: ReadonlySet<string>;
}) {
  const rubrics = draft[field];
  const setRubrics = (next: Rubric[]) => onChange({ ...draft, [field]: next });
  const kind = field === 'reviewRubrics' ? 'review' : 'interview';
  return (
    <Flex vertical gap={12}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      <ListIssue path={field} />
      {rubrics.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`No ${kind} rubrics yet.`} />}
      {rubrics.map((rubric, r) => {
        const path = `${field}.${r}`;
        const set = (patch: Partial<Rubric>) => setRubrics(replaced(rubrics, r, { ...rubric, ...patch }));
        return (
          <Card
            key={r}
            size="small"
            title={`${kind === 'review' ? 'Review' : 'Interview'} rubric: ${rubric.rubricId}`}
            extra={
              <ItemActions
                name={`${kind} rubric "${rubric.rubricId}"`}
                index={r}
                count={rubrics.length}
                onMove={(delta) => setRubrics(moved(rubrics, r, delta))}
                onDelete={() => setRubrics(removed(rubrics, r))}
              />
            }
          >
            <Flex gap={12} wrap>
              <div style={{ flex: '1 1 160px' }}>
                <TextField
                  path={`${path}.rubricId`}
                  label="Rubric id"
                  value={rubric.rubricId}
                  onChange={(rubricId) => set({ rubricId })}
                />
              </div>
              <div style={{ flex: '2 1 240px' }}>
                <RolesField
                  path={`${path}.roles`}
                  label="For the roles"
                  roles={formTeamRoles(draft)}
                  value={rubric.roles}
                  onChange={(roles) => set({ roles: roles as Rubric['roles'] })}
                />
              </div>
            </Flex>
            <ListIssue path={`${path}.criteria`} />
            {rubric.criteria.map((criterion, c) => (
              <Card
                key={c}
                size="small"
                type="inner"
                style={{ marginBottom: 8 }}
                title={criterion.prompt || 'New criterion'}
                extra={
                  <ItemActions
                    name={`criterion "${criterion.prompt || c + 1}"`}
                    index={c}
                    count={rubric.criteria.length}
                    onMove={(delta) => set({ criteria: moved(rubric.criteria, c, delta) })}
                    onDelete={() => set({ criteria: removed(rubric.criteria, c) })}
                  />
                }
              >
                <CriterionEditor
                  criterion={criterion}
                  path={`${path}.criteria.${c}`}
                  known={knownCriteria.has(criterionRef(field, rubric.rubricId, criterion.key))}
                  takenKeys={rubric.criteria.filter((_, other) => other !== c).map((other) => other.key)}
                  onChange={(next) => set({ criteria: replaced(rubric.criteria, c, next) })}
                />
              </Card>
            ))}
            <Button size="small" onClick={() => set({ criteria: [...rubric.criteria, newCriterion(rubric.criteria)] })}>
              Add a criterion
            </Button>
          </Card>
        );
      })}
      <Button style={{ alignSelf: 'start' }} onClick={() => setRubrics([...rubrics, newRubric(draft, field)])}>
        {kind === 'review' ? 'Add a review rubric' : 'Add an interview rubric'}
      </Button>
    </Flex>
  );
}

/** A criterion of a stored form, as `knownCriteria` holds it. */
export const criterionRef = (field: RubricField, rubricId: string, key: string) => `${field}.${rubricId}.${key}`;

/** `knownCriteria`: the stored form's criteria (`criterionRef`), whose keys never follow their texts. */
export function RubricsEditor({
  draft,
  onChange,
  knownCriteria = new Set<string>(),
}: {
  draft: FormDraft;
  onChange: (draft: FormDraft) => void;
  knownCriteria?: ReadonlySet<string>;
}) {
  return (
    <Flex vertical gap={24}>
      <div style={{ maxWidth: 360 }}>
        <NumberField
          path="disagreementThreshold"
          label="Flag disagreement above (points)"
          extra="Optional: an application whose reviewers' calibrated scores (each reviewer's leniency and spread taken out) differ by more than this is flagged on the dashboard."
          placeholder="No flag"
          min={0}
          step={0.5}
          value={draft.disagreementThreshold}
          onChange={(disagreementThreshold) => onChange({ ...draft, disagreementThreshold })}
        />
        <NumberField
          path="interviewCutoffHours"
          label="Interview booking cut-off (hours)"
          extra={`Invited applicants can book, move or cancel an interview until this many hours before it starts (${DEFAULT_INTERVIEW_CUTOFF_HOURS} when empty).`}
          placeholder={String(DEFAULT_INTERVIEW_CUTOFF_HOURS)}
          min={0}
          step={1}
          value={draft.interviewCutoffHours}
          onChange={(interviewCutoffHours) => onChange({ ...draft, interviewCutoffHours })}
        />
      </div>
      <RubricList
        draft={draft}
        field="reviewRubrics"
        title="Review rubrics"
        onChange={onChange}
        knownCriteria={knownCriteria}
      />
      <RubricList
        draft={draft}
        field="interviewRubrics"
        title="Interview rubrics"
        onChange={onChange}
        knownCriteria={knownCriteria}
      />
    </Flex>
  );
}

const PLACEHOLDER_HINT = `Markdown. Placeholders: ${LETTER_PLACEHOLDERS.map((name) => `{${name}}`).join(', ')}.`;

/** Letters per final decision and (optionally) roles, each with the applicant's view of it, filled in for a sample applicant. */
export function LettersEditor({ draft, onChange }: { draft: FormDraft; onChange: (draft: FormDraft) => void }) {
  const letters = draft.letters ?? [];
  const roles = formTeamRoles(draft);
  const setLetters = (next: DecisionLetter[]) => onChange({ ...draft, letters: next.length ? next : undefined });
  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">
        An applicant reads the letter for their decision and role after you release decisions; without one, a short
        generic text.
      </Typography.Text>
      <ListIssue path="letters" />
      {letters.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No letters yet." />}
      {letters.map((letter, index) => {
        const path = `letters.${index}`;
        const set = (patch: Partial<DecisionLetter>) => setLetters(replaced(letters, index, { ...letter, ...patch }));
        // A role this letter is for: its first, else (a decision's default) one without a letter of its own.
        const ownLetters = new Set<string>(
          letters.filter((other) => other.decision === letter.decision).flatMap((other) => other.roles ?? []),
        );
        const sampleRole =
          roles.find((role) => role.id === letter.roles?.[0]) ??
          roles.find((role) => !letter.roles && !ownLetters.has(role.id)) ??
          roles[0] ??
          DEFAULT_TEAM_ROLE_DEFINITIONS[0]!;
        const name = `${REVIEW_DECISION_LABELS[letter.decision]} letter${letter.roles ? ` for ${letter.roles.join(', ')}` : ''}`;
        return (
          <Card
            key={index}
            size="small"
            title={name}
            extra={
              <ItemActions
                name={`letter ${index + 1}`}
                index={index}
                count={letters.length}
                onMove={(delta) => setLetters(moved(letters, index, delta))}
                onDelete={() => setLetters(removed(letters, index))}
              />
            }
          >
            <Flex gap={12} wrap>
              <div style={{ flex: '1 1 160px' }}>
                <Field path={`${path}.decision`} label="Decision">
                  <Select
                    id={fieldId(`${path}.decision`)}
                    value={letter.decision}
                    options={DECISION_OPTIONS}
                    onChange={(decision: FinalDecision) => set({ decision })}
                  />
                </Field>
              </div>
              <div style={{ flex: '2 1 240px' }}>
                <RolesField
                  path={`${path}.roles`}
                  label="For the roles"
                  placeholder="Every role without a letter of its own"
                  roles={roles}
                  value={letter.roles}
                  onChange={(next) => set({ roles: (next.length ? next : undefined) as DecisionLetter['roles'] })}
                />
              </div>
            </Flex>
            <MarkdownField
              path={`${path}.body`}
              label="Letter"
              rows={5}
              extra={PLACEHOLDER_HINT}
              value={letter.body}
              onChange={(body) => set({ body })}
            />
            {letter.body.trim() && (
              <section aria-label={`How applicants read the ${name.toLowerCase()}`}>
                <Typography.Text type="secondary">As an applicant reads it:</Typography.Text>
                <LetterView
                  role={sampleRole.label}
                  decision={letter.decision}
                  letter={{
                    body: fillLetter(letter.body, {
                      firstName: 'Alex',
                      role: sampleRole.label,
                      semester: draft.semester || 'this semester',
                    }),
                  }}
                />
              </section>
            )}
          </Card>
        );
      })}
      <Button
        style={{ alignSelf: 'start' }}
        onClick={() => setLetters([...letters, { decision: 'accepted', body: '' }])}
      >
        Add a letter
      </Button>
    </Flex>
  );
}

const MESSAGE_PURPOSES: Record<FormMessageKind, string> = {
  submissionReceipt: 'Sent to an applicant when they submit, with a summary of their answers.',
  decisionReleased: 'Sent to every applicant when you release decisions, with their letter.',
  reviewerReminder:
    'Sent to a reviewer with open reviews once the reviews due date has passed, and when you press "Remind" on the reviewer progress page.',
  interviewInvitation:
    'Sent to an applicant once, when one of their roles is marked qualified or an interviewer is assigned.',
  interviewConfirmation: 'Sent when an applicant books or moves an interview, with the interview as a calendar file.',
  interviewCancellation:
    'Sent when an applicant cancels their interview, and when you release decisions before a booked interview.',
  draftReminder: 'Sent once to an applicant whose application is still a draft 48 hours before the due date.',
  offerReply: 'Sent to an applicant when they accept or decline an offer, confirming their reply.',
  decisionChanged: 'Sent to an applicant when you change their decision after release, with their new letter.',
  offerExpired:
    "Sent to every super-reviewer when an offer is not answered by its deadline (the form's offer deadline).",
  interviewChanged:
    'Sent to each applicant who booked a slot when you change its time, length, place or interviewers, with the calendar file.',
  interviewerBooking:
    'Sent to each interviewer of a slot when an applicant books it or moves to it (and when you change the slot), with the interview as a calendar file.',
  interviewerCancellation:
    'Sent to each interviewer of a slot when a booking of it is cancelled or moved away (or they are taken off the slot), with the calendar file.',
  chooseRolesAgain:
    'Sent to each reviewer when a form whose roles differ from those they chose among is made active, asking them to choose again.',
  retentionNotice:
    "Sent once to every super-reviewer a week before the personal data of this form's applicants who were not accepted is erased (the form's data retention).",
  noteMention:
    'Sent to a staff member named with @ in a note on an application they can see; a reviewer on a blind stage reads the applicant as the pseudonym, and a note they may not read yet is not quoted.',
};

/**
 * The emails' templates per kind: the default until edited; every email also carries the chapter's
 * name and a footer saying why the person received it.
 */
export function MessagesEditor({ draft, onChange }: { draft: FormDraft; onChange: (draft: FormDraft) => void }) {
  const setTemplate = (kind: FormMessageKind, template: MessageTemplate | undefined) => {
    const messages = { ...draft.messages, [kind]: template };
    if (!template) delete messages[kind];
    onChange({ ...draft, messages: Object.keys(messages).length ? messages : undefined });
  };
  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">
        The emails this form sends, in markdown. Each one also shows the chapter&apos;s name and a footer saying why the
        person received it.
      </Typography.Text>
      <ListIssue path="messages" />
      {FORM_MESSAGE_KINDS.map((kind) => {
        const path = `messages.${kind}`;
        const template = messageTemplate(draft, kind);
        const own = Boolean(draft.messages?.[kind]);
        const set = (patch: Partial<MessageTemplate>) => setTemplate(kind, { ...template, ...patch });
        return (
          <Card
            key={kind}
            size="small"
            title={MESSAGE_KIND_LABELS[kind]}
            extra={
              own ? (
                <Button size="small" onClick={() => setTemplate(kind, undefined)}>
                  Use the default
                </Button>
              ) : (
                <Typography.Text type="secondary">Default</Typography.Text>
              )
            }
          >
            <Typography.Paragraph type="secondary">{MESSAGE_PURPOSES[kind]}</Typography.Paragraph>
            <TextField
              path={`${path}.subject`}
              label="Subject"
              value={template.subject}
              onChange={(subject) => set({ subject })}
            />
            <MarkdownField
              path={`${path}.body`}
              label="Body"
              rows={7}
              extra={`Markdown. Placeholders: ${MESSAGE_PLACEHOLDERS[kind].map((name) => `{${name}}`).join(', ')}.`}
              value={template.body}
              onChange={(body) => set({ body })}
            />
          </Card>
        );
      })}
    </Flex>
  );
}
