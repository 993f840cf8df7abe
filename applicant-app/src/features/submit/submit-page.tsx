import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Flex, Modal, Spin, Typography } from 'antd';
import { useQuery, useQueryClient } from '@portal/shared/query';
import {
  ApiRequestError,
  applicationKeys,
  formQueryOptions,
  notify,
  submitResponse,
  usePortal,
} from '@portal/shared/client';
import { RESPONSE_MESSAGES } from '@portal/shared/domain/messages/response-messages';
import { isPastDue, type AnswerIssue } from '@portal/shared/domain/rules/form-rules';
import type { ApplicationResponse } from '@portal/shared/domain/schemas/responses';
import { Navigate, useParams } from '@portal/shared/router';
import { clearAllDrafts } from '../../lib/draft-storage';
import { ApplicationReview, reviewIssues } from './application-review';
import { ownResponse } from './own-response';
import type { SuccessLocationState } from '../../lib/application-status';
import { NotStarted, SubmitClosed } from './submit-unavailable';
import { PageTitle } from '@portal/shared/ui';

/** The per-question issues of a refused submit. */
function refusedIssues(error: unknown): AnswerIssue[] {
  const details = error instanceof ApiRequestError ? error.details : undefined;
  return Array.isArray(details) ? (details as AnswerIssue[]) : [];
}

/** `/apply/submit/{formId}`: a review of every visible answer, then POST /application/submit. */
export default function SubmitPage() {
  const { formId = '' } = useParams();
  const { api } = usePortal();
  const queryClient = useQueryClient();
  const form = useQuery(formQueryOptions(api, formId));
  // Always the server's latest copy: what is reviewed here is exactly what gets submitted. Only
  // read: opening this page never creates an application.
  const response = useQuery({
    queryKey: ['submit-snapshot', formId],
    queryFn: () => ownResponse(api, formId),
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [submitted, setSubmitted] = useState(false);
  // Submitting cannot be undone: it is confirmed in a dialog first.
  const [confirming, setConfirming] = useState(false);
  const failureSummary = useRef<HTMLDivElement>(null);

  // A refused submit: keyboard and screen reader users are taken to what went wrong, at the top
  // (once the confirmation dialog has closed, which would otherwise take the focus back to the button).
  useEffect(() => {
    if (failure !== null && !confirming) failureSummary.current?.focus();
  }, [failure, confirming]);

  const failureLoading = form.error ?? response.error;
  if (failureLoading) return <Alert type="error" showIcon title={`Something went wrong: ${failureLoading.message}`} />;
  if (submitted)
    return <Navigate to="/apply/success" replace state={{ submitted: true } satisfies SuccessLocationState} />;
  if (!form.data || response.data === undefined) {
    return <Spin size="large" style={{ display: 'block', margin: '64px auto' }} />;
  }
  if (response.data === null) return <NotStarted />;
  if (response.data.status !== 'in-progress') return <Navigate to="/apply/status" replace />;
  // The form takes no more submits: the answers stay readable, with no Submit.
  const closed = form.data.decisionsReleased
    ? RESPONSE_MESSAGES.decisionsReleased
    : isPastDue(form.data, new Date())
      ? RESPONSE_MESSAGES.pastDue
      : null;

  const current: ApplicationResponse = response.data;
  const issues = reviewIssues(form.data, current, refusedIssues(failure));
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
      setConfirming(false);
    }
  };

  return (
    <Flex vertical gap={16}>
      <PageTitle>Review and submit</PageTitle>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        Check your answers. Once submitted, your application can no longer be changed.
      </Typography.Paragraph>
      {closed && <SubmitClosed message={closed} />}
      {failure !== null && (
        <div ref={failureSummary} tabIndex={-1} style={{ outline: 'none' }}>
          <Alert
            type="error"
            showIcon
            title={failure instanceof ApiRequestError ? failure.message : 'Your application could not be submitted.'}
            description={
              refusedIssues(failure).length > 0 ? 'The questions that need attention are marked below.' : undefined
            }
          />
        </div>
      )}
      <ApplicationReview
        form={form.data}
        response={current}
        issues={issues}
        submitButton={
          closed ? null : (
            <Button type="primary" size="large" loading={submitting} onClick={() => setConfirming(true)}>
              Submit application
            </Button>
          )
        }
      />
      <Modal
        open={confirming}
        title="Submit your application?"
        okText="Yes, submit"
        cancelText="Keep reviewing"
        confirmLoading={submitting}
        // Refused, the focus goes to what went wrong; cancelled, back to the button.
        focusTriggerAfterClose={failure === null}
        onOk={() => void submit()}
        onCancel={() => setConfirming(false)}
      >
        <Typography.Paragraph style={{ margin: 0 }}>
          Once submitted, your application can no longer be changed.
        </Typography.Paragraph>
        {issues.length > 0 && (
          <Typography.Paragraph type="warning" style={{ margin: '8px 0 0' }}>
            {issues.length === 1
              ? '1 answer still needs attention: the application will be refused until it is fixed.'
              : `${issues.length} answers still need attention: the application will be refused until they are fixed.`}
          </Typography.Paragraph>
        )}
      </Modal>
    </Flex>
  );
}
