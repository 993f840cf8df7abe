import type { ReactNode } from 'react';
import { Result, type ResultProps } from 'antd';
import type { FinalDecision } from '@portal/shared/domain/ids/constants';
import { GENERIC_LETTERS } from '@portal/shared/domain/messages/decision-letters';
import type { FilledLetter } from '@portal/shared/domain/schemas/decision-letters';
import { Markdown } from './markdown';
import { useRoleLabel } from './role-badge';

const VIEWS: Record<FinalDecision | 'pending', { status: ResultProps['status']; title: (role: string) => string }> = {
  accepted: { status: 'success', title: (role) => `Congratulations! You have been accepted for the ${role} role.` },
  waitlist: { status: 'info', title: (role) => `You are on the waitlist for ${role}.` },
  denied: { status: 'info', title: (role) => `Thank you for applying for ${role}.` },
  pending: { status: 'info', title: (role) => `Your application for ${role} is still in review.` },
};

const PENDING_TEXT = 'We will let you know as soon as there is a decision.';

/**
 * An applicant's outcome for one role as they read it: the decision's heading, then the form's
 * letter for it (markdown, filled in by the server) or, without one, the generic text. The
 * decision page and the super-reviewer's preview both show it, so the preview is what they read.
 */
export function DecisionLetter({
  role,
  decision,
  letter,
  extra,
}: {
  role: string;
  /** null: no final decision yet. */
  decision: FinalDecision | null;
  letter: FilledLetter;
  extra?: ReactNode;
}) {
  const roleLabel = useRoleLabel();
  const view = VIEWS[decision ?? 'pending'];
  const text = letter?.body ?? (decision ? GENERIC_LETTERS[decision] : PENDING_TEXT);
  return (
    <Result
      status={view.status}
      title={view.title(roleLabel(role))}
      subTitle={
        <div style={{ textAlign: 'start', maxWidth: 680, margin: '0 auto' }}>
          <Markdown secondary>{text}</Markdown>
        </div>
      }
      extra={extra}
      style={{ paddingInline: 0 }}
    />
  );
}
