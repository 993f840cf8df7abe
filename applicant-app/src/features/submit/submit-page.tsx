import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Flex, Spin, Typography } from 'antd';
import { useQuery, useQueryClient } from '@portal/shared/query';
import {
  ApiRequestError,
  applicationKeys,
  formQueryOptions,
  notify,
  startApplication,
  submitResponse,
  usePortal,
} from '@portal/shared/client';
import {
  asksQuestions,
  formTeamRoles,
  visibleSections,
  type AnswerIssue,
  type ApplicationResponse,
} from '@portal/shared/domain';
import { Link, Navigate, useParams } from '@portal/shared/router';
import { answerText, FileName } from '@portal/shared/ui';
import { clearAllDrafts } from '../../lib/draft-storage';

function issuesByPath(error: unknown): Map<string, string> {
  const details = error instanceof ApiRequestError ? error.details : undefined;
  return new Map(Array.isArray(details) ? (details as AnswerIssue[]).map((issue) => [issue.path, issue.message]) : []);
}

/** `/apply/submit/{formId}`: a review of every visible answer, then POST /application/submit. */
export default function SubmitPage() {
  const { formId = '' } = useParams();
  const { api } = usePortal();
  const queryClient = useQueryClient();
  const form = useQuery(formQueryOptions(api, formId));
  // Always the server's latest copy: what is reviewed here is exactly what gets submitted.
  const response = useQuery({
    queryKey: ['submit-snapshot', formId],
    queryFn: () => startApplication(api, formId),
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [submitted, setSubmitted] = useState(false);
  const failureSummary = useRef<HTMLDivElement>(null);

  // A refused submit: keyboard and screen reader users are taken to what went wrong, at the top.
  useEffect(() => {
    if (failure !== null) failureSummary.current?.focus();
  }, [failure]);

  const failureLoading = form.error ?? response.error;
  if (failureLoading) return <Alert type="error" showIcon title={`Something went wrong: ${failureLoading.message}`} />;
  if (submitted) return <Navigate to="/apply/success" replace />;
  if (!form.data || !response.data) return <Spin size="large" style={{ display: 'block', margin: '64px auto' }} />;
  if (response.data.status !== 'in-progress') return <Navigate to="/apply/status" replace />;

  const current: ApplicationResponse = response.data;
  const issues = issuesByPath(failure);
  // A section of text alone has no answers to review.
  const sections = visibleSections(form.data, current.rolesApplied).filter(asksQuestions);
  const submit = async () => {
    setSubmitting(true);
    setFailure(null);
    try {
      await submitResponse(api, current);
      // Submitted: no copy of the draft is needed anywhere on this device any more.
      clearAllDrafts(current.id);
      setSubmitted(true);
      void queryClient.invalidateQueries({ queryKey: applicationKeys.all });
    } catch (error) {
      setFailure(error);
      notify.error(error instanceof ApiRequestError ? error.message : 'Your application could not be submitted.');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        Review and submit
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        Check your answers. Once submitted, your application can no longer be changed.
      </Typography.Paragraph>
      {failure !== null && (
        <div ref={failureSummary} tabIndex={-1} style={{ outline: 'none' }}>
          <Alert
            type="error"
            showIcon
            title={failure instanceof ApiRequestError ? failure.message : 'Your application could not be submitted.'}
            description={issues.size > 0 ? 'The questions that need attention are marked below.' : undefined}
          />
        </div>
      )}
      {issues.get('rolesApplied') && <Alert type="error" showIcon title={issues.get('rolesApplied')} />}
      {sections.map((section) => {
        const answers = current.sectionResponses.find((s) => s.sectionId === section.sectionId);
        return (
          <Card
            key={section.sectionId}
            title={section.sectionName}
            extra={
              <Link
                to={`/apply/f/${form.data.id}/${section.sectionId}`}
                state={{ showIssues: true }}
                aria-label={`Edit ${section.sectionName}`}
              >
                Edit
              </Link>
            }
          >
            <Flex vertical gap={16}>
              {section.questions.map((question) => {
                const answer = answers?.questions.find((q) => q.questionId === question.questionId)?.response;
                const issue = issues.get(`${section.sectionId}.${question.questionId}`);
                return (
                  <div key={question.questionId} role="group" aria-label={question.questionText}>
                    <Typography.Text type="secondary">{question.questionText}</Typography.Text>
                    <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: '4px 0 0' }}>
                      {question.questionType === 'file-upload' && typeof answer === 'string' && answer ? (
                        <FileName fileId={answer} />
                      ) : (
                        answerText(question, answer, formTeamRoles(form.data))
                      )}
                    </Typography.Paragraph>
                    {issue && (
                      <Typography.Text type="danger" role="alert">
                        {issue}
                      </Typography.Text>
                    )}
                  </div>
                );
              })}
            </Flex>
          </Card>
        );
      })}
      <Flex justify="flex-end">
        <Button type="primary" size="large" loading={submitting} onClick={() => void submit()}>
          Submit application
        </Button>
      </Flex>
    </Flex>
  );
}
