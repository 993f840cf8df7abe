import { Alert, Button, Flex, Typography } from 'antd';
import type { ApplicationForm, FormSection } from '@portal/shared/domain/schemas/forms';

/** An untick of a role that would discard answers, waiting for the applicant's choice. */
export interface PendingUntick {
  /** The sections whose answers go: those of the roles no longer chosen. */
  sections: FormSection[];
  /** Makes the change (and drops those answers). */
  apply: () => void;
}

export const ROLE_UNTICK_TEXTS = {
  hint: 'Unticking a role discards your answers to the sections for that role.',
  warning: (sections: readonly FormSection[]) =>
    `Unticking this role discards your answers in ${sections.map((section) => `"${section.sectionName}"`).join(' and ')}.`,
  discard: 'Discard the answers',
  keep: 'Keep the role',
} as const;

/**
 * Under the Team roles question: that unticking a role discards the answers to its sections, and
 * when an untick would discard some, the choice to go ahead or keep the role.
 */
export function RoleUntickNotice({
  form,
  pending,
  onDone,
}: {
  form: ApplicationForm;
  pending: PendingUntick | null;
  onDone: () => void;
}) {
  if (pending) {
    return (
      <Alert
        type="warning"
        showIcon
        role="alert"
        style={{ marginBottom: 16 }}
        title={ROLE_UNTICK_TEXTS.warning(pending.sections)}
        description={
          <Flex gap={8} wrap style={{ marginTop: 8 }}>
            <Button
              danger
              onClick={() => {
                pending.apply();
                onDone();
              }}
            >
              {ROLE_UNTICK_TEXTS.discard}
            </Button>
            <Button onClick={onDone}>{ROLE_UNTICK_TEXTS.keep}</Button>
          </Flex>
        }
      />
    );
  }
  if (!form.sections.some((section) => section.forRoles)) return null;
  return (
    <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
      {ROLE_UNTICK_TEXTS.hint}
    </Typography.Paragraph>
  );
}
