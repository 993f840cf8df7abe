import { Alert, Button, Card, Col, Flex, Result, Row, Typography } from 'antd';
import { useQuery } from '@portal/shared/query';
import { ApiRequestError, notify, usePortal, useRetryUnlessAnswered } from '@portal/shared/client';
import type { AssessmentKind } from '@portal/shared/domain/ids/constants';
import { BLIND_REVIEW_TEXTS } from '@portal/shared/domain/rules/blind-review';
import { STAFF_MESSAGES, type AssessmentScreen } from '@portal/shared/domain/rules/staff';
import { useParams } from '@portal/shared/router';
import { LoadError, PageSkeleton, PageTitle, RoleBadge } from '@portal/shared/ui';
import { assessmentScreenQueryOptions, reopenAssessment } from '../../api/assessments';
import { useStaffMutation } from '../../lib/use-staff-mutation';
import { DeclareConflictButton } from '../conflicts';
import { NotesPanel } from '../notes';
import { AnswersPanel } from './answers-panel';
import { AssessmentForm } from './assessment-form';
import { FormRoles } from '../../lib/form-roles';

const TITLES: Record<AssessmentKind, string> = { review: 'Review', interview: 'Interview' };

function ReadOnlyNotice({ screen }: { screen: AssessmentScreen }) {
  const { api } = usePortal();
  const { kind, id, state } = screen.assessment;
  const noun = kind === 'review' ? 'review' : 'interview';
  const reopen = useStaffMutation(() => reopenAssessment(api, kind, id), {
    success: () => `The ${noun} was reopened.`,
    onError: (error) => {
      notify.error(`Failed to reopen the ${noun}: ${error.message}`);
      return true;
    },
  });
  return (
    <Alert
      type="info"
      showIcon
      title={
        state === 'submitted' ? `This ${noun} has been submitted.` : `You can read this ${noun} but not change it.`
      }
      action={
        screen.reopenable && (
          <Button size="small" loading={reopen.isPending} onClick={() => reopen.mutate(undefined)}>
            Reopen
          </Button>
        )
      }
    />
  );
}

/** The review screen (one section of the application at a time) and the interview screen. */
export function AssessmentPage({ kind }: { kind: AssessmentKind }) {
  const { api, identity } = usePortal();
  const { reviewDataId, interviewDataId, sectionId } = useParams();
  const id = (kind === 'review' ? reviewDataId : interviewDataId) ?? '';
  const retry = useRetryUnlessAnswered();
  const query = useQuery({ ...assessmentScreenQueryOptions(api, kind, id), retry, refetchOnWindowFocus: false });

  if (query.error instanceof ApiRequestError && query.error.status === 403) {
    return <Result status="403" title="You cannot open this" subTitle={query.error.message} />;
  }
  if (query.error instanceof ApiRequestError && query.error.status === 404) {
    return <Result status="404" title={STAFF_MESSAGES.noAssessment} />;
  }
  if (query.isError) {
    return (
      <LoadError title={`This ${kind} could not be loaded.`} error={query.error} onRetry={() => void query.refetch()} />
    );
  }
  if (query.isPending) return <PageSkeleton label={`Loading the ${kind}`} />;

  const screen = query.data;
  const { assessment, rubric, editable } = screen;

  return (
    <FormRoles form={screen.form}>
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={14}>
          <AnswersPanel screen={screen} sectionId={sectionId} />
        </Col>
        <Col xs={24} lg={10}>
          <Flex vertical gap={24}>
            <Card>
              <Flex vertical gap={16}>
                <div>
                  <PageTitle style={{ fontSize: 24 }}>{TITLES[kind]}</PageTitle>
                  <Flex gap={8} align="center" wrap>
                    <Typography.Text strong>{assessment.applicantName}</Typography.Text>
                    <RoleBadge role={assessment.role} />
                  </Flex>
                </div>
                {screen.blind && <Alert type="info" showIcon title={BLIND_REVIEW_TEXTS.notice} />}
                {!editable && <ReadOnlyNotice screen={screen} />}
                {rubric ? (
                  <AssessmentForm
                    // A reopen starts the form again from the server's copy.
                    key={`${kind}:${id}:${editable}`}
                    screen={screen}
                    rubric={rubric}
                  />
                ) : (
                  <Alert type="warning" showIcon title={STAFF_MESSAGES.noRubric} />
                )}
                {editable && assessment.staffId === identity?.uid && <DeclareConflictButton assessment={assessment} />}
              </Flex>
            </Card>
            <NotesPanel responseId={assessment.responseId} />
          </Flex>
        </Col>
      </Row>
    </FormRoles>
  );
}
