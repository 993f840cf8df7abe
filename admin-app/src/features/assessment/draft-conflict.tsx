import { Alert, Button, Flex } from 'antd';
import type { AutosaveConflict } from '@portal/shared/client';
import type { AssessmentScreen } from '@portal/shared/domain/rules/staff';
import type { AssessmentValue } from './use-assessment-draft';

type Rubric = NonNullable<AssessmentScreen['rubric']>;

export const DRAFT_CONFLICT_TITLE = 'This was changed in another tab or device';

const shown = (value: unknown) => (value === undefined || value === '' ? 'nothing' : `"${String(value)}"`);

/** Another tab saved the same scores or comments differently: both values, and which to keep. */
export function DraftConflict({
  conflict,
  rubric,
  commentsLabel,
  onResolve,
}: {
  conflict: AutosaveConflict<AssessmentValue>;
  rubric: Rubric;
  commentsLabel: string;
  onResolve: (side: 'mine' | 'theirs') => void;
}) {
  const labelOf = (key: string) =>
    key === 'comments' ? commentsLabel : (rubric.criteria.find((c) => `score:${c.key}` === key)?.prompt ?? key);
  return (
    <Alert
      type="warning"
      showIcon
      title={DRAFT_CONFLICT_TITLE}
      description={
        <>
          Everything changed in only one place was kept. Changed in both places:
          <ul style={{ margin: '4px 0 0', paddingLeft: 20 }}>
            {conflict.fields.map((field) => (
              <li key={field.key}>
                {labelOf(field.key)}: yours {shown(field.mine)}, saved {shown(field.theirs)}
              </li>
            ))}
          </ul>
        </>
      }
      action={
        <Flex vertical gap={8}>
          <Button size="small" type="primary" onClick={() => onResolve('mine')}>
            Keep mine
          </Button>
          <Button size="small" onClick={() => onResolve('theirs')}>
            Use the saved
          </Button>
        </Flex>
      }
    />
  );
}
