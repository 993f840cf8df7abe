import type { FinalDecision } from '@portal/shared/domain/ids/constants';
import type { ApplicationRowView } from '@portal/shared/domain/rules/application-row';

/** A row with a final decision: what "Change decision…" and "Preview letter" act on. */
export type DecidedRow = ApplicationRowView & { decision: FinalDecision };

/** What the dialog says the change does: the applicant is told, and what happens to the offer. */
export const CHANGE_DECISION_TEXTS = {
  told: (name: string) =>
    `${name} will be told: they get the new decision's letter by email, and their decision page shows it at once.`,
  replyCleared: (reply: string) => `Their reply to the current offer (${reply}) is cleared.`,
  newOffer: 'An offer waits for their reply again, with the offer deadline if the form sets one.',
  done: (name: string) => `Decision changed. ${name} will be told by email.`,
} as const;
