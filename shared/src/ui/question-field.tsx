import type { ReactNode, Ref } from 'react';
import { Checkbox, Input, Radio, Space, Typography, theme } from 'antd';
import type { TeamRoleDefinition } from '@portal/shared/domain/ids/team-role-defaults';
import { fileTypeList, formatFileSize } from '@portal/shared/domain/rules/files';
import { countWords, withExclusiveOptions } from '@portal/shared/domain/rules/form-rules';
import { teamRoleDisplay } from '@portal/shared/domain/rules/team-roles';
import type { FormSection, Question } from '@portal/shared/domain/schemas/forms';
import type { Answer } from '@portal/shared/domain/schemas/responses';
import { Markdown } from './markdown';
import { PORTAL_TOKENS } from './portal-tokens';
import { useTeamRoles } from './role-badge';
import { countOf } from '@portal/shared/domain/ids/text';

type FileQuestion = Extract<Question, { questionType: 'file-upload' }>;

/** What a file-upload question's control gets: the applicant's editor uploads, the builder's preview only shows it. */
export interface FileFieldProps {
  question: FileQuestion;
  responseId: string;
  value: string;
  onChange: (fileId: string) => void;
  disabled?: boolean;
  inputId: string;
  describedBy?: string;
}

export interface QuestionFieldProps {
  question: Question;
  sectionId: string;
  value: Answer;
  onChange: (value: Answer) => void;
  /** The user left the question (to reveal "needs an answer" only then). */
  onBlur?: () => void;
  responseId: string;
  /** The message to show next to the question, or null. */
  error?: string | null;
  readOnly?: boolean;
  /** The roles a role-select question offers (the form's; default: the spec's seven). */
  teamRoles?: readonly TeamRoleDefinition[];
  /** The control of a file-upload question. */
  renderFile: (props: FileFieldProps) => ReactNode;
}

/** The ids that tie the question's label, help, limits and error to its input. */
export function questionIds(sectionId: string, questionId: string) {
  const base = `q-${sectionId}-${questionId}`;
  return {
    input: base,
    label: `${base}-label`,
    help: `${base}-help`,
    limits: `${base}-limits`,
    error: `${base}-error`,
  };
}

/** "(optional)" after the prompt, unless the form's text already says so. */
const optionalMark = (question: Question) => question.optional && !/\(optional\)\s*$/i.test(question.questionText);

function limitsText(question: Question, value: Answer): string | null {
  if (question.questionType === 'short-answer' || question.questionType === 'long-answer') {
    const { minWords: min, maxWords: max } = question;
    // A short answer without a word limit (a name, an email) has nothing to count against.
    if (question.questionType === 'short-answer' && min === undefined && max === undefined) return null;
    const words = countWords(typeof value === 'string' ? value : '');
    const limits = [min !== undefined ? `at least ${min}` : null, max !== undefined ? `at most ${max}` : null];
    const bounds = limits.filter(Boolean).join(', ');
    return `${countOf(words, 'word')}${bounds ? ` (${bounds})` : ''}`;
  }
  if (question.questionType === 'file-upload') {
    return `${fileTypeList(question.acceptedTypes)}, up to ${formatFileSize(question.maxSizeBytes)}`;
  }
  if (question.questionType === 'multiple-select' && question.exclusiveOptions?.length) {
    return `Choose any that apply; ${question.exclusiveOptions.map((option) => `"${option}"`).join(' or ')} goes alone.`;
  }
  return null;
}

/** One of the form's roles as the applicant picks it: emoji and label, and its description if it has one. */
function RoleChoice({ roles, role }: { roles: readonly TeamRoleDefinition[]; role: TeamRoleDefinition }) {
  const display = teamRoleDisplay(roles, role.id);
  return (
    <>
      <span aria-hidden>{display.emoji}</span> {display.label}
      {role.description && (
        <Typography.Text type="secondary" style={{ display: 'block' }}>
          {role.description}
        </Typography.Text>
      )}
    </>
  );
}

function Control({
  question,
  value,
  onChange,
  onBlur,
  responseId,
  error,
  readOnly,
  sectionId,
  teamRoles: givenRoles,
  renderFile,
}: QuestionFieldProps) {
  const contextRoles = useTeamRoles();
  const teamRoles = givenRoles ?? contextRoles;
  const ids = questionIds(sectionId, question.questionId);
  const text = typeof value === 'string' ? value : '';
  const list = Array.isArray(value) ? value : [];
  const describedBy =
    [
      question.secondaryText ? ids.help : null,
      limitsText(question, value) ? ids.limits : null,
      error ? ids.error : null,
    ]
      .filter(Boolean)
      .join(' ') || undefined;
  const field = {
    id: ids.input,
    'aria-describedby': describedBy,
    'aria-invalid': error ? true : undefined,
    'aria-required': question.optional ? undefined : true,
    onBlur,
  };
  const group = { 'aria-labelledby': ids.label, 'aria-describedby': describedBy, onBlur };
  switch (question.questionType) {
    case 'short-answer':
      return (
        <Input
          {...field}
          value={text}
          placeholder={question.placeholder}
          readOnly={readOnly}
          status={error ? 'error' : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'long-answer':
      return (
        <Input.TextArea
          {...field}
          value={text}
          placeholder={question.placeholder}
          readOnly={readOnly}
          status={error ? 'error' : undefined}
          autoSize={{ minRows: 4, maxRows: 14 }}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'multiple-choice':
      return (
        <Radio.Group
          {...group}
          value={text || undefined}
          disabled={readOnly}
          onChange={(e) => onChange(String(e.target.value))}
        >
          <Space orientation="vertical">
            {question.options.map((option) => (
              <Radio key={option} value={option}>
                {option}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      );
    case 'multiple-select':
      return (
        <Checkbox.Group
          {...group}
          value={list}
          disabled={readOnly}
          onChange={(values) => onChange(withExclusiveOptions(question, list, values.map(String)))}
        >
          <Space orientation="vertical">
            {question.options.map((option) => (
              <Checkbox key={option} value={option}>
                {option}
              </Checkbox>
            ))}
          </Space>
        </Checkbox.Group>
      );
    case 'role-select':
      return (
        <Checkbox.Group {...group} value={list} disabled={readOnly} onChange={(values) => onChange(values.map(String))}>
          <Space orientation="vertical">
            {teamRoles.map((role) => (
              <Checkbox key={role.id} value={role.id}>
                <RoleChoice roles={teamRoles} role={role} />
              </Checkbox>
            ))}
          </Space>
        </Checkbox.Group>
      );
    case 'file-upload':
      return (
        <div role="group" {...group}>
          {renderFile({
            responseId,
            question,
            value: text,
            onChange,
            disabled: readOnly,
            inputId: ids.input,
            describedBy,
          })}
        </div>
      );
  }
}

/** The choice types are groups named by the prompt; the others are one input the prompt labels. */
const isGroup = (question: Question) =>
  question.questionType === 'multiple-choice' ||
  question.questionType === 'multiple-select' ||
  question.questionType === 'role-select';

/**
 * One question of the section editor: its prompt (a label that names and focuses the input),
 * its help text between the prompt and the input, the input, its limits, and its error.
 */
export function QuestionField(props: QuestionFieldProps) {
  const { question, sectionId, value, error } = props;
  const { token } = theme.useToken();
  const ids = questionIds(sectionId, question.questionId);
  const limits = limitsText(question, value);
  const prompt: ReactNode = (
    <>
      {question.questionText}
      {optionalMark(question) && <Typography.Text type="secondary"> (optional)</Typography.Text>}
    </>
  );
  const labelStyle = { display: 'block', fontWeight: 600, color: token.colorTextHeading, marginBottom: 4 };
  return (
    <div style={{ marginBottom: token.marginLG }} data-question={question.questionId}>
      {isGroup(question) ? (
        <div id={ids.label} style={labelStyle}>
          {prompt}
        </div>
      ) : (
        <label id={ids.label} htmlFor={ids.input} style={labelStyle}>
          {prompt}
        </label>
      )}
      {question.secondaryText && (
        <Markdown id={ids.help} secondary style={{ marginBottom: 8 }}>
          {question.secondaryText}
        </Markdown>
      )}
      <Control {...props} />
      {limits && (
        <Typography.Text id={ids.limits} type="secondary" style={{ display: 'block', fontSize: 12, marginTop: 4 }}>
          {limits}
        </Typography.Text>
      )}
      <div aria-live="polite">
        {error && (
          <Typography.Text id={ids.error} type="danger" style={{ display: 'block', marginTop: 4 }}>
            {error}
          </Typography.Text>
        )}
      </div>
    </div>
  );
}

/**
 * A section as the applicant's editor shows it: its name (a heading the editor focuses when the
 * section opens), its markdown description, then its questions. The builder's preview shows the same.
 */
export function SectionView({
  section,
  titleRef,
  children,
}: {
  section: Pick<FormSection, 'sectionName' | 'description'>;
  titleRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  return (
    <>
      {/* The page's h1 is the form's name: a section is an h2, drawn at the third heading size. */}
      <Typography.Title
        level={2}
        ref={titleRef}
        tabIndex={-1}
        style={{ marginTop: 0, outline: 'none', fontSize: PORTAL_TOKENS.fontSizeHeading3 }}
      >
        {section.sectionName}
      </Typography.Title>
      {section.description && (
        <Markdown secondary style={{ marginBottom: 16 }}>
          {section.description}
        </Markdown>
      )}
      {children}
    </>
  );
}
