import { Alert, Button, Flex, Input, Radio, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError, notify, usePortal } from '@portal/shared/client';
import { MAX_TEXT_ANSWER_CHARS, scoreProblems, type AssessmentScreen } from '@portal/shared/domain';
import { useNavigate } from '@portal/shared/router';
import { staffKeys } from '../../api/keys';
import { submitAssessment } from '../../api/assessments';
import { SaveIndicator } from './save-indicator';
import { useAssessmentDraft } from './use-assessment-draft';

type Rubric = NonNullable<AssessmentScreen['rubric']>;

const range = (min: number, max: number) => Array.from({ length: max - min + 1 }, (_, index) => min + index);

/** The rubric's scores and the comments of one review or interview, saved as a draft until submitted. */
export function AssessmentForm({
  screen,
  rubric,
  onLoadLatest,
}: {
  screen: AssessmentScreen;
  rubric: Rubric;
  onLoadLatest: () => void;
}) {
  const { assessment, editable } = screen;
  const { api } = usePortal();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const draft = useAssessmentDraft(assessment, editable);
  const isReview = assessment.kind === 'review';
  const complete = Object.keys(scoreProblems(rubric, draft.scores, true)).length === 0;

  const submit = useMutation({
    mutationFn: async () => submitAssessment(api, assessment.kind, assessment.id, await draft.settle()),
    onSuccess: async () => {
      draft.markDone();
      notify.success(isReview ? 'Review submitted!' : 'Interview submitted!');
      await queryClient.invalidateQueries({ queryKey: staffKeys.all });
      const tab = isReview ? 'apps' : 'interviews';
      navigate(`/admin/reviewer/dashboard/${encodeURIComponent(assessment.applicationFormId)}/${tab}`);
    },
    onError: (error) =>
      notify.error(
        `Failed to submit the ${isReview ? 'review' : 'interview'}: ${
          error instanceof ApiRequestError ? error.message : 'unexpected error'
        }`,
      ),
  });

  return (
    <Flex vertical gap={16}>
      {draft.conflict && (
        <Alert
          type="error"
          showIcon
          title={draft.conflict}
          action={
            <Button size="small" onClick={onLoadLatest}>
              Load the latest
            </Button>
          }
        />
      )}
      {rubric.criteria.map((criterion) => {
        const labelId = `criterion-${criterion.key}`;
        return (
          <Flex key={criterion.key} vertical gap={4}>
            <Typography.Text strong id={labelId}>
              {criterion.prompt}
            </Typography.Text>
            {criterion.description && (
              <Typography.Text type="secondary" style={{ whiteSpace: 'pre-wrap' }}>
                {criterion.description}
              </Typography.Text>
            )}
            <Radio.Group
              aria-labelledby={labelId}
              optionType="button"
              buttonStyle="solid"
              disabled={!editable}
              value={draft.scores[criterion.key]}
              onChange={(event) => draft.setScore(criterion.key, event.target.value as number)}
              options={range(criterion.min, criterion.max).map((value) => ({ value, label: String(value) }))}
            />
          </Flex>
        );
      })}
      <Flex vertical gap={4}>
        <Typography.Text strong id="assessment-comments">
          {isReview ? 'Comments' : 'Interview notes'}
        </Typography.Text>
        <Input.TextArea
          aria-labelledby="assessment-comments"
          value={draft.comments}
          maxLength={MAX_TEXT_ANSWER_CHARS}
          showCount
          autoSize={{ minRows: 4, maxRows: 16 }}
          readOnly={!editable}
          onChange={(event) => draft.setComments(event.target.value)}
        />
      </Flex>
      {editable && (
        <Flex justify="space-between" align="center" wrap gap={8}>
          <SaveIndicator status={draft.status} lastSavedAt={draft.lastSavedAt} />
          <Button
            type="primary"
            disabled={!complete || Boolean(draft.conflict)}
            loading={submit.isPending}
            onClick={() => submit.mutate()}
          >
            {isReview ? 'Submit review' : 'Submit interview'}
          </Button>
        </Flex>
      )}
    </Flex>
  );
}
