import {
  applicationRowId,
  rowWithDecision,
  STAFF_MESSAGES,
  toRowView,
  type ApplicationForm,
  type ApplicationRowView,
  type FinalDecision,
  type TeamRole,
} from '@portal/shared/domain';
import { auditEntry, type AuditActor } from '../audit/audit-entry';
import { noFormError } from '../forms/forms.service';
import { ApiError } from '../http/api-error';
import { COLLECTIONS } from '../store/collections';
import type { ReviewsRepository } from './reviews.repository';
import { assertNotReleased, noRowError } from './staff-errors';

/** The super-reviewer's calls on a row (qualified, decision) and the release of a form's decisions, each audited. */
export function createRowDecisionsService(deps: { reviews: ReviewsRepository; now: () => Date }) {
  const { reviews, now } = deps;

  return {
    async setQualified(
      responseId: string,
      role: TeamRole,
      qualified: boolean,
      actor: AuditActor,
    ): Promise<ApplicationRowView> {
      const at = now().toISOString();
      return reviews.transaction(async (tx) => {
        const row = await tx.getRow(responseId, role);
        if (!row) throw noRowError();
        const form = await tx.getForm(row.applicationFormId);
        if (!form) throw noFormError();
        assertNotReleased(form);
        const next = { ...row, qualified };
        tx.setRow(next);
        tx.record(
          auditEntry({
            actor,
            action: 'qualified.set',
            target: { collection: COLLECTIONS.reviewStatuses, id: row.id },
            formId: row.applicationFormId,
            before: { qualified: row.qualified },
            after: { qualified },
            at,
          }),
        );
        return toRowView(next);
      });
    },

    async decide(
      responseId: string,
      role: TeamRole,
      decision: FinalDecision,
      actor: AuditActor,
    ): Promise<ApplicationRowView> {
      const at = now().toISOString();
      return reviews.transaction(async (tx) => {
        const state = await tx.readApplication(responseId);
        const row = state?.rows.get(applicationRowId(responseId, role));
        if (!state || !row) throw noRowError();
        const form = await tx.getForm(row.applicationFormId);
        if (!form) throw noFormError();
        assertNotReleased(form);
        const next = rowWithDecision(row, decision);
        tx.writeApplication(state, [next]);
        tx.record(
          auditEntry({
            actor,
            action: 'decision.set',
            target: { collection: COLLECTIONS.reviewStatuses, id: row.id },
            formId: row.applicationFormId,
            before: { decision: row.decision, final: row.final },
            after: { decision: next.decision, final: next.final },
            at,
          }),
        );
        return toRowView(next);
      });
    },

    async release(formId: string, actor: AuditActor): Promise<ApplicationForm> {
      return reviews.transaction(async (tx) => {
        const current = await tx.getForm(formId);
        if (!current) throw noFormError();
        assertNotReleased(current);
        const undecided = await tx.countUndecided(formId);
        if (undecided > 0) throw new ApiError('conflict', STAFF_MESSAGES.undecided(undecided));
        const released = { ...current, decisionsReleased: true };
        tx.setForm(released);
        tx.record(
          auditEntry({
            actor,
            action: 'decisions.released',
            target: { collection: COLLECTIONS.forms, id: formId },
            formId,
            before: { decisionsReleased: false },
            after: { decisionsReleased: true },
            at: now().toISOString(),
          }),
        );
        return released;
      });
    },
  };
}
