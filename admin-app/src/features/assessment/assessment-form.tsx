import { Button, Flex, Input, Radio, Typography } from 'antd';
import { useMutation, useQueryClient } from '@portal/shared/query';
import { notify, usePortal } from '@portal/shared/client';
import { MAX_TEXT_ANSWER_CHARS } from '@portal/shared/domain/ids/constants';
import { scoreProblems } from '@portal/shared/domain/rules/scoring';
import type { AssessmentScreen } from '@portal/shared/domain/rules/staff';
import { useNavigate } from '@portal/shared/router';
import { DRAFT_SAVE_TEXTS, Markdown, SaveIndicator } from '@portal/shared/ui';
import { staffKeys } from '../../api/keys';
import { submitAssessment } from '../../api/assessments';
import { DraftConflict } from './draft-conflict';
import { useAssessmentDraft } from './use-assessment-draft';

type Rubric = NonNullable<AssessmentScreen['rubric']>;

export const NOT_WEIGHTED = 'Noted but not weighted: not part of the score';

const range = (min: number, max: number) => Array.from({ length: max - min + 1 }, (_, index) => min + index);

/** The rubric's scores and the comments of one review or interview, saved as a draft until submitted. */
export function AssessmentForm({ screen, rubric }: { screen: AssessmentScreen; rubric: Rubric }) {
  const { assessment, editable } = screen;
  const { api } = usePortal();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const draft = useAssessmentDraft(assessment, editable);
  const isReview = assessment.kind === 'review';
  const { scores, comments } = draft.value;
  const complete = Object.keys(scoreProblems(rubric, scores, true)).length === 0;
  const commentsLabel = isReview ? 'Comments' : 'Interview notes';

  const submit = useMutation({
    mutationFn: async () => {
      const body = await draft.toSubmit();
      if (!body) throw new Error('Choose which changes to keep first');
      return submitAssessment(api, assessment.kind, assessment.id, body);
    },
    onSuccess: async () => {
      draft.stop();
      notify.success(isReview ? 'Review submitted.' : 'Interview submitted.');
      await queryClient.invalidateQueries({ queryKey: staffKeys.all });
      const tab = isReview ? 'apps' : 'interviews';
      navigate(`/admin/reviewer/dashboard/${encodeURIComponent(assessment.applicationFormId)}/${tab}`);
    },
    onError: (error) => {
      notify.error(
        `Failed to submit the ${isReview ? 'review' : 'interview'}: ${
          error instanceof Error ? error.message : 'unexpected error'
        }`,
      );
      // What was not submitted is still a draft: save it.
      void draft.flush();
    },
  });

  return (
    <Flex vertical gap={16}>
      {draft.status === 'conflict' && draft.conflict && (
        <DraftConflict
          conflict={draft.conflict}
          rubric={rubric}
          commentsLabel={commentsLabel}
          onResolve={(side) =>
            draft.resolve(Object.fromEntries(draft.conflict!.fields.map((field) => [field.key, side])))
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
            {criterion.description && <Markdown secondary>{criterion.description}</Markdown>}
            {criterion.weight === 0 && (
              <Typography.Text type="secondary" id={`${labelId}-weight`} style={{ fontSize: 12 }}>
                {NOT_WEIGHTED}
              </Typography.Text>
            )}
            <Radio.Group
              aria-labelledby={labelId}
              aria-describedby={criterion.weight === 0 ? `${labelId}-weight` : undefined}
              optionType="button"
              buttonStyle="solid"
              disabled={!editable}
              value={scores[criterion.key]}
              onChange={(event) => draft.setScore(criterion.key, event.target.value as number)}
              options={range(criterion.min, criterion.max).map((value) => ({ value, label: String(value) }))}
            />
          </Flex>
        );
      })}
      <Flex vertical gap={4}>
        <Typography.Text strong id="assessment-comments">
          {commentsLabel}
        </Typography.Text>
        <Input.TextArea
          aria-labelledby="assessment-comments"
          aria-describedby="assessment-comments-count"
          value={comments}
          maxLength={MAX_TEXT_ANSWER_CHARS}
          autoSize={{ minRows: 4, maxRows: 16 }}
          readOnly={!editable}
          onChange={(event) => draft.setComments(event.target.value)}
        />
        {/* In the flow under the box (antd's own counter is drawn over what follows it). */}
        <Typography.Text
          type="secondary"
          id="assessment-comments-count"
          style={{ alignSelf: 'flex-end', fontSize: 12 }}
        >{`${comments.length} / ${MAX_TEXT_ANSWER_CHARS} characters`}</Typography.Text>
      </Flex>
      {editable && (
        <Flex justify="space-between" align="center" wrap gap={8}>
          <SaveIndicator state={draft} texts={DRAFT_SAVE_TEXTS} />
          <Button
            type="primary"
            disabled={!complete || draft.status === 'conflict'}
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
