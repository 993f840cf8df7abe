import {
  applicationRowId,
  rowWithDecision,
  STAFF_MESSAGES,
  toRowView,
  type ApplicationForm,
  type ApplicationRow,
  type ApplicationRowView,
  type FinalDecision,
  type TeamRole,
  type UndecidedCounts,
} from '@portal/shared/domain';
import { auditEntry, type AuditActor } from '../audit/audit-entry';
import { noFormError } from '../forms/forms.service';
import { ApiError } from '../http/api-error';
import { COLLECTIONS } from '../store/collections';
import { formOrNotFound } from './dashboard.service';
import type { ApplicationState, ReviewsRepository, ReviewsTransaction } from './reviews.repository';
import { assertNotReleased, noRowError } from './staff-errors';

/** The super-reviewer's calls on a row (qualified, decision) and the release of a form's decisions, each audited. */
/** Rows decided per transaction by the bulk denial: each writes the row, its response and an audit entry. */
const ROWS_PER_TRANSACTION = 100;

/**
 * Sets a final decision on rows inside one transaction, with an audit entry per row (each
 * response's status follows). Every read comes before the first write, as transactions require;
 * rows `skip` refuses (read fresh in the transaction) are left alone. Answers the rows decided.
 */
async function decideInTransaction(
  tx: ReviewsTransaction,
  items: { responseId: string; role: TeamRole }[],
  decision: FinalDecision,
  actor: AuditActor,
  at: string,
  skip: (row: ApplicationRow) => boolean = () => false,
): Promise<ApplicationRow[]> {
  const states = new Map<string, ApplicationState>();
  const forms = new Map<string, ApplicationForm>();
  const chosen = new Map<string, ApplicationRow[]>();
  for (const { responseId, role } of items) {
    const state = states.get(responseId) ?? (await tx.readApplication(responseId));
    const row = state?.rows.get(applicationRowId(responseId, role));
    if (!state || !row) throw noRowError();
    states.set(responseId, state);
    const form = forms.get(row.applicationFormId) ?? (await tx.getForm(row.applicationFormId));
    if (!form) throw noFormError();
    assertNotReleased(form);
    forms.set(form.id, form);
    if (!skip(row)) chosen.set(responseId, [...(chosen.get(responseId) ?? []), row]);
  }
  const decided: ApplicationRow[] = [];
  for (const [responseId, rows] of chosen) {
    const next = rows.map((row) => rowWithDecision(row, decision));
    tx.writeApplication(states.get(responseId)!, next);
    rows.forEach((row, index) => {
      tx.record(
        auditEntry({
          actor,
          action: 'decision.set',
          target: { collection: COLLECTIONS.reviewStatuses, id: row.id },
          formId: row.applicationFormId,
          before: { decision: row.decision, final: row.final },
          after: { decision: next[index]!.decision, final: true },
          at,
        }),
      );
    });
    decided.push(...next);
  }
  return decided;
}

export function createRowDecisionsService(deps: { reviews: ReviewsRepository; now: () => Date }) {
  const { reviews, now } = deps;

  async function undecided(formId: string): Promise<UndecidedCounts & { unqualified: ApplicationRow[] }> {
    await formOrNotFound(reviews, formId);
    const rows = await reviews.undecidedRows(formId);
    const unqualified = rows.filter((row) => !row.qualified);
    return {
      rows: rows.length,
      applicants: new Set(rows.map((row) => row.responseId)).size,
      unqualifiedRows: unqualified.length,
      unqualified,
    };
  }

  return {
    /** What holds up the release: undecided role applications, their applicants, and the unqualified ones. */
    async undecidedCounts(formId: string): Promise<UndecidedCounts> {
      const { unqualified: _rows, ...counts } = await undecided(formId);
      return counts;
    },

    /**
     * Denies every row still undecided and not qualified, one audit entry per row; a row decided or
     * qualified meanwhile is left alone. Chunks of rows per transaction.
     */
    async denyUndecidedUnqualified(formId: string, actor: AuditActor): Promise<{ denied: number }> {
      assertNotReleased(await formOrNotFound(reviews, formId));
      const { unqualified } = await undecided(formId);
      const at = now().toISOString();
      let denied = 0;
      for (let start = 0; start < unqualified.length; start += ROWS_PER_TRANSACTION) {
        const chunk = unqualified.slice(start, start + ROWS_PER_TRANSACTION);
        const decided = await reviews.transaction((tx) =>
          decideInTransaction(tx, chunk, 'denied', actor, at, (current) => current.final || current.qualified),
        );
        denied += decided.length;
      }
      return { denied };
    },

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
      const [next] = await reviews.transaction((tx) =>
        decideInTransaction(tx, [{ responseId, role }], decision, actor, at),
      );
      return toRowView(next!);
    },

    /** Refused (409) while rows are undecided: the message counts role applications and applicants, `details` too. */
    async release(formId: string, actor: AuditActor): Promise<ApplicationForm> {
      const released = await reviews.transaction(async (tx) => {
        const current = await tx.getForm(formId);
        if (!current) throw noFormError();
        assertNotReleased(current);
        if ((await tx.countUndecided(formId)) > 0) return null;
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
      if (released) return released;
      const { unqualified: _rows, ...counts } = await undecided(formId);
      throw new ApiError('conflict', STAFF_MESSAGES.undecided(counts.rows, counts.applicants), counts);
    },
  };
}
