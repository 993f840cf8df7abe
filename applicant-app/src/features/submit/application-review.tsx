import { useState, type ReactNode } from 'react';
import { Alert, Button, Collapse, Flex, Typography, theme } from 'antd';
import { formTeamRoles } from '@portal/shared/domain/ids/team-role-defaults';
import {
  answerOf,
  asksQuestions,
  checkAnswers,
  visibleSections,
  type AnswerIssue,
} from '@portal/shared/domain/rules/form-rules';
import { formRoleIds } from '@portal/shared/domain/rules/team-roles';
import type { ApplicationForm, FormSection, Question } from '@portal/shared/domain/schemas/forms';
import type { Answer, ApplicationResponse } from '@portal/shared/domain/schemas/responses';
import { Link } from '@portal/shared/router';
import { answerText, FileName } from '@portal/shared/ui';
import type { EditorLocationState } from '../../lib/editor-location';

/** One problem submit would refuse, placed at its question when it has one. */
export interface ReviewIssue {
  path: string;
  message: string;
  /** Said by the server on a refused submit (announced), rather than found here before submitting. */
  fromServer: boolean;
  section?: FormSection;
  question?: Question;
}

/**
 * What needs attention before submitting: the rules the server applies at submit
 * (`checkAnswers`, docs/product.md#section-editor), then what a refused submit said, which wins.
 * In the order of the form; an issue about the whole response (no role chosen) goes to the role question.
 */
export function reviewIssues(
  form: ApplicationForm,
  response: ApplicationResponse,
  refused: readonly AnswerIssue[],
): ReviewIssue[] {
  const found = checkAnswers(form, response.sectionResponses, { teamRoles: formRoleIds(form), mode: 'submit' });
  const messages = new Map<string, { message: string; fromServer: boolean }>();
  for (const issue of found) messages.set(issue.path, { message: issue.message, fromServer: false });
  for (const issue of refused) messages.set(issue.path, { message: issue.message, fromServer: true });
  const roleQuestion = form.sections
    .flatMap((section) => section.questions.map((question) => ({ section, question })))
    .find(({ question }) => question.questionType === 'role-select');
  const placed: ReviewIssue[] = [];
  const loose: ReviewIssue[] = [];
  for (const section of form.sections) {
    for (const question of section.questions) {
      const issue = messages.get(`${section.sectionId}.${question.questionId}`);
      if (issue) placed.push({ path: `${section.sectionId}.${question.questionId}`, ...issue, section, question });
    }
  }
  for (const [path, issue] of messages) {
    if (placed.some((known) => known.path === path)) continue;
    const atRoleQuestion = path === 'rolesApplied' && roleQuestion;
    if (atRoleQuestion && placed.some((known) => known.question === roleQuestion.question)) continue;
    loose.push(atRoleQuestion ? { path, ...issue, ...roleQuestion } : { path, ...issue });
  }
  return [...placed, ...loose];
}

const needAttention = (count: number) => `${count} ${count === 1 ? 'answer needs' : 'answers need'} attention`;

/** The editor at a question: every problem of its section shown, the focus on that question. */
function editorLink(formId: string, sectionId: string, questionId?: string) {
  const state: EditorLocationState = { showIssues: true, focusQuestion: questionId };
  return { to: `/apply/f/${formId}/${sectionId}`, state };
}

/** The count of what needs attention, with a link to each, or that nothing does. */
function ReviewSummary({ formId, issues }: { formId: string; issues: readonly ReviewIssue[] }) {
  if (issues.length === 0) {
    return <Alert type="success" showIcon title="Every required question is answered." />;
  }
  return (
    <Alert
      type="warning"
      showIcon
      title={needAttention(issues.length)}
      description={
        <ul aria-label="Answers that need attention" style={{ margin: '4px 0 0', paddingLeft: 20 }}>
          {issues.map((issue) => (
            <li key={issue.path}>
              {issue.section && issue.question ? (
                <>
                  <Link {...editorLink(formId, issue.section.sectionId, issue.question.questionId)}>
                    {issue.question.questionText}
                  </Link>{' '}
                  <Typography.Text type="secondary">
                    ({issue.section.sectionName}: {issue.message})
                  </Typography.Text>
                </>
              ) : (
                issue.message
              )}
            </li>
          ))}
        </ul>
      }
    />
  );
}

const isAnswered = (answer: Answer | undefined) =>
  Array.isArray(answer) ? answer.length > 0 : typeof answer === 'string' && answer.trim() !== '';

function SectionAnswers({
  form,
  section,
  response,
  issues,
}: {
  form: ApplicationForm;
  section: FormSection;
  response: ApplicationResponse;
  issues: ReadonlyMap<string, ReviewIssue>;
}) {
  return (
    <Flex vertical gap={16}>
      {section.questions.map((question) => {
        const answer = answerOf(response, section.sectionId, question.questionId);
        const issue = issues.get(`${section.sectionId}.${question.questionId}`);
        return (
          <div key={question.questionId} role="group" aria-label={question.questionText}>
            <Typography.Text type="secondary">{question.questionText}</Typography.Text>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: '4px 0 0' }}>
              {question.questionType === 'file-upload' && typeof answer === 'string' && answer ? (
                <FileName fileId={answer} />
              ) : (
                answerText(question, answer, formTeamRoles(form))
              )}
            </Typography.Paragraph>
            {issue && (
              // A refused submit announces its problems; those found before submitting are only shown.
              <Typography.Text type="danger" role={issue.fromServer ? 'alert' : undefined}>
                {issue.message}
              </Typography.Text>
            )}
          </div>
        );
      })}
    </Flex>
  );
}

/** "2 need attention" or "3 of 4 answered", beside a section's name while it is folded. */
function sectionState(section: FormSection, response: ApplicationResponse, issues: number): ReactNode {
  if (issues > 0)
    return (
      <Typography.Text type="danger">{issues === 1 ? '1 needs attention' : `${issues} need attention`}</Typography.Text>
    );
  const answered = section.questions.filter((q) => isAnswered(answerOf(response, section.sectionId, q.questionId)));
  return (
    <Typography.Text type="secondary">
      {answered.length} of {section.questions.length} answered
    </Typography.Text>
  );
}

/**
 * The review of every visible section, folded so a long form stays short: a bar that stays in
 * view with "Expand all" and the submit button, the count of what needs attention with a link to
 * each, then one fold per section (open where something needs attention) with its "Edit" link.
 */
export function ApplicationReview({
  form,
  response,
  issues,
  submitButton,
}: {
  form: ApplicationForm;
  response: ApplicationResponse;
  issues: readonly ReviewIssue[];
  submitButton: ReactNode;
}) {
  const { token } = theme.useToken();
  // A section of text alone has no answers to review.
  const sections = visibleSections(form, response.rolesApplied).filter(asksQuestions);
  const byPath = new Map(issues.map((issue) => [issue.path, issue]));
  const issuesIn = (section: FormSection) => issues.filter((issue) => issue.section === section).length;
  const needingAttention = sections.filter((section) => issuesIn(section) > 0).map((section) => section.sectionId);
  const [open, setOpen] = useState<string[]>(needingAttention);
  // Sections that come to need attention (a refused submit) open; the applicant's folding is kept otherwise.
  const [opened, setOpened] = useState(needingAttention.join(' '));
  if (opened !== needingAttention.join(' ')) {
    setOpened(needingAttention.join(' '));
    setOpen((current) => [...new Set([...current, ...needingAttention])]);
  }
  const allOpen = sections.every((section) => open.includes(section.sectionId));

  return (
    <Flex vertical gap={16}>
      <Flex
        justify="space-between"
        align="center"
        gap={8}
        wrap
        style={{
          position: 'sticky',
          top: 0,
          zIndex: 10,
          padding: '8px 12px',
          background: token.colorBgContainer,
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
          boxShadow: token.boxShadowTertiary,
        }}
      >
        <Button onClick={() => setOpen(allOpen ? [] : sections.map((section) => section.sectionId))}>
          {allOpen ? 'Collapse all sections' : 'Expand all sections'}
        </Button>
        {submitButton}
      </Flex>
      <ReviewSummary formId={form.id} issues={issues} />
      <Collapse
        activeKey={open}
        onChange={(keys) => setOpen(Array.isArray(keys) ? keys : [keys])}
        items={sections.map((section) => ({
          key: section.sectionId,
          collapsible: 'header',
          label: (
            <Flex component="span" gap={12} wrap align="baseline">
              <Typography.Text strong>{section.sectionName}</Typography.Text>
              {sectionState(section, response, issuesIn(section))}
            </Flex>
          ),
          extra: (
            <Link
              to={`/apply/f/${form.id}/${section.sectionId}`}
              state={{ showIssues: true } satisfies EditorLocationState}
              aria-label={`Edit ${section.sectionName}`}
            >
              Edit
            </Link>
          ),
          children: <SectionAnswers form={form} section={section} response={response} issues={byPath} />,
        }))}
      />
    </Flex>
  );
}
