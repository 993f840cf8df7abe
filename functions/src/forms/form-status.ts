import type { ApplicationForm } from '@portal/shared/domain';
import { workFrom } from '../scheduler/form-work';
import { COLLECTIONS } from '../store/collections';
import type { StoreTransaction } from '../store/document-store';

/**
 * What a start, save or submit checks of its form inside its transaction: whether the form takes
 * applications (`isActive`, `decisionsReleased`, `dueDate`, read through `isPastDue`). One small
 * document per form (`form-status`, id = the form's), so that these transactions never read the
 * form itself: a staff edit of the form's content (a question, a section, a letter) then does not
 * touch any document they read (docs/architecture.md#the-save-path).
 *
 * Kept equal to the form's own fields: every action that changes one of them (or the review due
 * date, for `nextWorkAt`) writes the form and this document in one transaction (`writeFormStatus`);
 * an edit that leaves them as they were writes only the form.
 */
export interface FormStatus {
  [field: string]: unknown;
  formId: string;
  isActive: boolean;
  decisionsReleased: boolean;
  dueDate: string;
  /**
   * When the scheduler next has work for the form (its reminders; none: null, once it is released or
   * has nothing left): what its minute queries instead of every form (scheduler/form-work.ts).
   * Written from the form's dates with them (`workFrom`), moved on by the scheduler after its work.
   */
  nextWorkAt?: string | null;
}

export const formStatusOf = (form: ApplicationForm): FormStatus => ({
  formId: form.id,
  isActive: form.isActive,
  decisionsReleased: form.decisionsReleased,
  dueDate: form.dueDate,
  nextWorkAt: workFrom(form),
});

export const sameStatus = (a: FormStatus, b: FormStatus): boolean =>
  a.isActive === b.isActive &&
  a.decisionsReleased === b.decisionsReleased &&
  a.dueDate === b.dueDate &&
  (a.nextWorkAt ?? null) === (b.nextWorkAt ?? null);

/**
 * The form's status as part of the transaction's view: its status document; for a form stored
 * before these documents (until `formStatusMigration` has run), derived from the form, read in
 * the transaction as before. Null: no such form.
 */
export async function readFormStatus(tx: StoreTransaction, formId: string): Promise<FormStatus | null> {
  const status = await tx.get<FormStatus>(COLLECTIONS.formStatus, formId);
  if (status) return status;
  const form = await tx.get<ApplicationForm>(COLLECTIONS.forms, formId);
  return form && formStatusOf(form);
}

/**
 * In the transaction that writes `next` (the form as it will be stored), writes its status
 * document too unless the status is unchanged from `before` (the form as the transaction read it;
 * undefined: not read, so written). A form whose status document is missing and whose status does
 * not change keeps reading as `readFormStatus` derives it.
 */
export function writeFormStatus(
  tx: StoreTransaction,
  next: ApplicationForm,
  before: ApplicationForm | null | undefined,
): void {
  const status = formStatusOf(next);
  if (before && sameStatus(formStatusOf(before), status)) return;
  tx.set(COLLECTIONS.formStatus, next.id, status);
}
