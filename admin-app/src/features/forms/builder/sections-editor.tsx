import { useState } from 'react';
import { Button, Card, Checkbox, Collapse, Dropdown, Empty, Flex, Input, Select, Space, Typography } from 'antd';
import { QUESTION_TYPES, type QuestionType } from '@portal/shared/domain/ids/constants';
import { formTeamRoles } from '@portal/shared/domain/ids/team-role-defaults';
import { BLIND_REVIEW_TEXTS } from '@portal/shared/domain/rules/blind-review';
import type { FormSection, Question } from '@portal/shared/domain/schemas/forms';
import {
  allQuestionIds,
  moved,
  newQuestion,
  newSection,
  QUESTION_TYPE_LABELS,
  removed,
  replaced,
  retyped,
  withDerivedId,
  type FormDraft,
} from './draft';
import { Field, fieldId, ItemActions, MarkdownField, NumberField, RolesField, TextField, useIssue } from './fields';
import { countOf } from '@portal/shared/domain/ids/text';

const MB = 1024 * 1024;

/** Ids the stored form already uses: those are never re-derived from a changed text (answers point at them). */
export type KnownIds = ReadonlySet<string>;

function OptionsField({
  path,
  label,
  value,
  onChange,
  extra,
}: {
  path: string;
  label: string;
  value: readonly string[];
  onChange: (options: string[]) => void;
  extra?: string;
}) {
  const issue = useIssue(path);
  return (
    <Field path={path} label={label} extra={extra ?? 'One per line.'}>
      <Input.TextArea
        id={fieldId(path)}
        autoSize={{ minRows: 2, maxRows: 10 }}
        aria-invalid={issue ? true : undefined}
        value={value.join('\n')}
        onChange={(event) => onChange(event.target.value.split('\n'))}
      />
    </Field>
  );
}

function QuestionEditor({
  question,
  path,
  known,
  takenIds,
  onChange,
}: {
  question: Question;
  path: string;
  known: boolean;
  takenIds: string[];
  onChange: (question: Question) => void;
}) {
  const set = (patch: Partial<Question>) => onChange({ ...question, ...patch } as Question);
  return (
    <Flex vertical>
      <Flex gap={12} wrap>
        <div style={{ flex: '2 1 260px' }}>
          <TextField
            path={`${path}.questionText`}
            label="Question"
            required
            value={question.questionText}
            onChange={(questionText) =>
              set({
                questionText,
                questionId: withDerivedId(
                  question.questionText,
                  questionText,
                  question.questionId,
                  known,
                  takenIds.filter((id) => id !== question.questionId),
                ),
              })
            }
          />
        </div>
        <div style={{ flex: '1 1 180px' }}>
          <Field path={`${path}.questionType`} label="Type">
            <Select
              id={fieldId(`${path}.questionType`)}
              value={question.questionType}
              options={QUESTION_TYPES.map((type) => ({ value: type, label: QUESTION_TYPE_LABELS[type] }))}
              onChange={(type: QuestionType) => onChange(retyped(question, type))}
            />
          </Field>
        </div>
      </Flex>
      <MarkdownField
        path={`${path}.secondaryText`}
        label="Help text (optional)"
        rows={2}
        extra={null}
        value={question.secondaryText}
        onChange={(secondaryText) => set({ secondaryText })}
      />
      <Flex gap={12} wrap>
        <div style={{ flex: '1 1 200px' }}>
          <TextField
            path={`${path}.questionId`}
            label="Question id"
            extra={
              known ? 'Applications store answers under this id.' : 'Made from the question; change it if you like.'
            }
            value={question.questionId}
            onChange={(questionId) => set({ questionId })}
          />
        </div>
        {(question.questionType === 'short-answer' || question.questionType === 'long-answer') && (
          <>
            <div style={{ flex: '1 1 120px' }}>
              <NumberField
                path={`${path}.minWords`}
                label="Minimum words"
                min={0}
                value={question.minWords}
                onChange={(minWords) => set({ minWords })}
              />
            </div>
            <div style={{ flex: '1 1 120px' }}>
              <NumberField
                path={`${path}.maxWords`}
                label="Maximum words"
                min={1}
                value={question.maxWords}
                onChange={(maxWords) => set({ maxWords })}
              />
            </div>
            <div style={{ flex: '2 1 200px' }}>
              <TextField
                path={`${path}.placeholder`}
                label="Placeholder"
                value={question.placeholder}
                onChange={(placeholder) => set({ placeholder })}
              />
            </div>
          </>
        )}
      </Flex>
      {(question.questionType === 'multiple-choice' || question.questionType === 'multiple-select') && (
        <OptionsField
          path={`${path}.options`}
          label="Options"
          value={question.options}
          onChange={(options) => set({ options })}
        />
      )}
      {question.questionType === 'multiple-select' && (
        <OptionsField
          path={`${path}.exclusiveOptions`}
          label="Options that go alone (optional)"
          extra={'One per line, e.g. "None of the above": choosing it clears the others.'}
          value={question.exclusiveOptions ?? []}
          onChange={(exclusiveOptions) => set({ exclusiveOptions })}
        />
      )}
      {question.questionType === 'file-upload' && (
        <Flex gap={12} wrap>
          <div style={{ flex: '2 1 240px' }}>
            <Field path={`${path}.acceptedTypes`} label="Accepted file types">
              <Select
                id={fieldId(`${path}.acceptedTypes`)}
                mode="tags"
                value={question.acceptedTypes}
                options={[
                  { value: 'application/pdf', label: 'PDF' },
                  { value: 'image/png', label: 'PNG image' },
                  { value: 'image/jpeg', label: 'JPEG image' },
                  { value: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', label: 'Word' },
                ]}
                onChange={(acceptedTypes: string[]) => set({ acceptedTypes })}
              />
            </Field>
          </div>
          <div style={{ flex: '1 1 140px' }}>
            <NumberField
              path={`${path}.maxSizeBytes`}
              label="Largest file (MB)"
              min={0.1}
              step={1}
              value={question.maxSizeBytes / MB}
              onChange={(mb) => set({ maxSizeBytes: Math.round((mb ?? 0) * MB) })}
            />
          </div>
        </Flex>
      )}
      {question.questionType === 'file-upload' && (
        <Typography.Text type="secondary" style={{ marginBottom: 8 }}>
          {BLIND_REVIEW_TEXTS.fileNotice}
        </Typography.Text>
      )}
      <Space wrap>
        <Checkbox
          checked={Boolean(question.optional)}
          onChange={(event) => set({ optional: event.target.checked || undefined })}
        >
          Optional
        </Checkbox>
        <Checkbox
          checked={Boolean(question.identifying)}
          onChange={(event) => set({ identifying: event.target.checked || undefined })}
        >
          {question.questionType === 'file-upload'
            ? BLIND_REVIEW_TEXTS.identifyingFile
            : BLIND_REVIEW_TEXTS.identifying}
        </Checkbox>
        {question.questionType === 'file-upload' && (
          <Checkbox
            checked={Boolean(question.hiddenFromReviewers)}
            onChange={(event) => set({ hiddenFromReviewers: event.target.checked || undefined })}
          >
            Hidden from all reviewers, blind or not
          </Checkbox>
        )}
      </Space>
    </Flex>
  );
}

const questionName = (question: Question, index: number) =>
  `question ${index + 1}${question.questionText ? ` "${question.questionText.slice(0, 40)}"` : ''}`;

function SectionEditor({
  draft,
  index,
  knownIds,
  onChange,
}: {
  draft: FormDraft;
  index: number;
  knownIds: KnownIds;
  onChange: (section: FormSection) => void;
}) {
  const section = draft.sections[index]!;
  const path = `sections.${index}`;
  const set = (patch: Partial<FormSection>) => onChange({ ...section, ...patch });
  const setQuestions = (questions: Question[]) => set({ questions });
  const takenIds = allQuestionIds(draft);
  const known = knownIds.has(section.sectionId);
  const questionsIssue = useIssue(`${path}.questions`);
  return (
    <Flex vertical>
      <TextField
        path={`${path}.sectionName`}
        label="Section name"
        required
        value={section.sectionName}
        onChange={(sectionName) =>
          set({
            sectionName,
            sectionId: withDerivedId(
              section.sectionName,
              sectionName,
              section.sectionId,
              known,
              draft.sections.map((other) => other.sectionId).filter((id) => id !== section.sectionId),
            ),
          })
        }
      />
      <MarkdownField
        path={`${path}.description`}
        label="Description (optional)"
        value={section.description}
        onChange={(description) => set({ description })}
      />
      <Flex gap={12} wrap>
        <div style={{ flex: '1 1 200px' }}>
          <TextField
            path={`${path}.sectionId`}
            label="Section id"
            value={section.sectionId}
            onChange={(sectionId) => set({ sectionId })}
          />
        </div>
        <div style={{ flex: '2 1 260px' }}>
          <RolesField
            path={`${path}.forRoles`}
            label="Shown to applicants for"
            placeholder="Everyone"
            roles={formTeamRoles(draft)}
            value={section.forRoles}
            onChange={(roles) => set({ forRoles: (roles.length ? roles : undefined) as FormSection['forRoles'] })}
          />
        </div>
      </Flex>
      <Checkbox
        checked={Boolean(section.hiddenFromReviewers)}
        onChange={(event) => set({ hiddenFromReviewers: event.target.checked || undefined })}
        style={{ marginBottom: 12 }}
      >
        Hidden from reviewers (only the director of recruitment reads these answers)
      </Checkbox>
      <Typography.Title level={5} style={{ marginTop: 4 }}>
        Questions
      </Typography.Title>
      {questionsIssue && (
        <Typography.Text type="danger" role="alert">
          {questionsIssue}
        </Typography.Text>
      )}
      {section.questions.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="No questions: applicants read this section's text and move on. Add a question below to ask something."
        />
      ) : (
        <Flex vertical gap={12}>
          {section.questions.map((question, q) => (
            <Card
              key={q}
              size="small"
              role="group"
              aria-label={`Question ${q + 1} of ${section.sectionName || `section ${index + 1}`}`}
              title={
                <Typography.Text ellipsis style={{ maxWidth: '100%' }}>
                  {`${q + 1}. ${question.questionText || 'New question'}`}
                </Typography.Text>
              }
              extra={
                <ItemActions
                  name={questionName(question, q)}
                  index={q}
                  count={section.questions.length}
                  onMove={(delta) => setQuestions(moved(section.questions, q, delta))}
                  onDelete={() => setQuestions(removed(section.questions, q))}
                />
              }
            >
              <QuestionEditor
                question={question}
                path={`${path}.questions.${q}`}
                known={knownIds.has(`${section.sectionId}.${question.questionId}`)}
                takenIds={takenIds}
                onChange={(next) => setQuestions(replaced(section.questions, q, next))}
              />
            </Card>
          ))}
        </Flex>
      )}
      <Dropdown
        trigger={['click']}
        menu={{
          items: QUESTION_TYPES.map((type) => ({ key: type, label: QUESTION_TYPE_LABELS[type] })),
          onClick: ({ key }) => setQuestions([...section.questions, newQuestion(key as QuestionType, takenIds)]),
        }}
      >
        <Button style={{ marginTop: 12, alignSelf: 'start' }}>Add a question</Button>
      </Dropdown>
    </Flex>
  );
}

/** Every section in order, each opening to its fields and questions; the open one is what the preview shows. */
export function SectionsEditor({
  draft,
  knownIds,
  onChange,
  onShowSection,
}: {
  draft: FormDraft;
  knownIds: KnownIds;
  onChange: (sections: FormSection[]) => void;
  onShowSection: (index: number) => void;
}) {
  const [open, setOpen] = useState<number[]>([0]);
  const sections = draft.sections;
  const sectionsIssue = useIssue('sections');
  const move = (index: number, delta: -1 | 1) => {
    const target = index + delta;
    if (target < 0 || target >= sections.length) return;
    onChange(moved(sections, index, delta));
    setOpen((keys) => keys.map((key) => (key === index ? target : key === target ? index : key)));
  };
  const remove = (index: number) => {
    onChange(removed(sections, index));
    setOpen((keys) => keys.filter((key) => key !== index).map((key) => (key > index ? key - 1 : key)));
  };
  return (
    <Flex vertical gap={12}>
      {sectionsIssue && (
        <Typography.Text type="danger" role="alert">
          {sectionsIssue}
        </Typography.Text>
      )}
      {sections.length === 0 ? (
        <Empty description="No sections yet: a form needs at least one." />
      ) : (
        <Collapse
          // Only the title opens a section: the move and delete buttons beside it are not inside a button.
          collapsible="header"
          // A title-only header keeps the title at its full width (antd: flex none), which pushed the
          // buttons off a phone's screen beside a long section name: here the title wraps instead.
          styles={{ title: { flex: '0 1 auto', minWidth: 0, overflowWrap: 'anywhere' } }}
          activeKey={open.map(String)}
          onChange={(keys) => {
            const next = (Array.isArray(keys) ? keys : [keys]).map(Number);
            const opened = next.find((key) => !open.includes(key));
            if (opened !== undefined) onShowSection(opened);
            setOpen(next);
          }}
          items={sections.map((section, index) => ({
            key: String(index),
            label: (
              <span>
                <Typography.Text strong>{`${index + 1}. ${section.sectionName || 'New section'}`}</Typography.Text>
                <Typography.Text type="secondary">{` · ${countOf(section.questions.length, 'question')}`}</Typography.Text>
              </span>
            ),
            extra: (
              <ItemActions
                name={`section ${index + 1}${section.sectionName ? ` "${section.sectionName}"` : ''}`}
                index={index}
                count={sections.length}
                onMove={(delta) => move(index, delta)}
                onDelete={() => remove(index)}
              />
            ),
            children: (
              <SectionEditor
                draft={draft}
                index={index}
                knownIds={knownIds}
                onChange={(next) => onChange(replaced(sections, index, next))}
              />
            ),
          }))}
        />
      )}
      <Button
        onClick={() => {
          onChange([...sections, newSection(sections)]);
          setOpen((keys) => [...keys, sections.length]);
          onShowSection(sections.length);
        }}
        style={{ alignSelf: 'start' }}
      >
        Add a section
      </Button>
    </Flex>
  );
}
