import { COLLECTIONS, STAFF_MESSAGES, type ApplicationForm, type FormSummary } from '@portal/shared/domain';
import { auditEntry, auditWrite, type AuditActor } from '../audit/audit-entry';
import { ApiError } from '../http/api-error';
import type { DocumentStore, WriteOperation } from '../store/document-store';

export const noFormError = () => new ApiError('not-found', STAFF_MESSAGES.noForm);

/**
 * The super-reviewer's forms: publish (create or replace), list with their progress, activate,
 * move the due date. Activation is exclusive: whatever makes a form active deactivates every
 * other active form in the same batch. Each change appends its audit entry in that batch.
 *
 * Replacing a form is allowed only while nobody has a response for it. The check is a count
 * before the write, so a response started in between would be kept against the new definition;
 * the window is one publish racing an applicant's first save, and it is accepted.
 */
export function createAdminFormsService(deps: { store: DocumentStore; now?: () => Date }) {
  const { store } = deps;
  const now = deps.now ?? (() => new Date());

  /** The ids of the active forms but `formId`, and the updates that deactivate them. */
  async function deactivateOthers(formId: string): Promise<{ ids: string[]; writes: WriteOperation[] }> {
    const active = await store.query<ApplicationForm>(COLLECTIONS.forms, {
      where: [{ field: 'isActive', value: true }],
    });
    const ids = active.items.map((item) => item.id).filter((id) => id !== formId);
    return {
      ids,
      writes: ids.map((id) => ({ kind: 'update', collection: COLLECTIONS.forms, id, patch: { isActive: false } })),
    };
  }

  const audited = (
    actor: AuditActor,
    action: 'form.published' | 'form.activated' | 'form.due-date-changed',
    formId: string,
    before: unknown,
    after: unknown,
  ): WriteOperation =>
    auditWrite(
      auditEntry({
        actor,
        action,
        target: { collection: COLLECTIONS.forms, id: formId },
        formId,
        before,
        after,
        at: now().toISOString(),
      }),
    );

  /** What the audit log keeps of a published form. */
  const outline = (form: ApplicationForm) => ({
    semester: form.semester,
    isActive: form.isActive,
    dueDate: form.dueDate,
  });

  async function existingForm(formId: string): Promise<ApplicationForm> {
    const form = await store.get<ApplicationForm>(COLLECTIONS.forms, formId);
    if (!form) throw noFormError();
    return form;
  }

  const count = (collection: string, formId: string, extra: { field: string; value: boolean }[] = []) =>
    store.count(collection, [{ field: 'applicationFormId', value: formId }, ...extra]);

  return {
    async publish(form: ApplicationForm, actor: AuditActor): Promise<ApplicationForm> {
      if ((await count(COLLECTIONS.responses, form.id)) > 0) {
        throw new ApiError('conflict', STAFF_MESSAGES.formHasResponses);
      }
      const previous = await store.get<ApplicationForm>(COLLECTIONS.forms, form.id);
      const others = form.isActive ? await deactivateOthers(form.id) : { ids: [], writes: [] };
      await store.batch([
        { kind: 'set', collection: COLLECTIONS.forms, id: form.id, data: form },
        ...others.writes,
        audited(actor, 'form.published', form.id, previous && outline(previous), outline(form)),
      ]);
      return form;
    },

    async list(): Promise<{ items: FormSummary[] }> {
      const forms = await store.query<ApplicationForm>(COLLECTIONS.forms, {
        orderBy: { field: 'dueDate', direction: 'desc' },
      });
      const items = await Promise.all(
        forms.items.map(async ({ data: form }): Promise<FormSummary> => {
          const [rows, decided] = await Promise.all([
            count(COLLECTIONS.reviewStatuses, form.id),
            count(COLLECTIONS.reviewStatuses, form.id, [{ field: 'final', value: true }]),
          ]);
          return {
            id: form.id,
            semester: form.semester,
            isActive: form.isActive,
            decisionsReleased: form.decisionsReleased,
            dueDate: form.dueDate,
            rows,
            decided,
          };
        }),
      );
      return { items };
    },

    async activate(formId: string, actor: AuditActor): Promise<ApplicationForm> {
      const form = await existingForm(formId);
      const others = await deactivateOthers(formId);
      const activeBefore = form.isActive ? [formId, ...others.ids].sort() : others.ids;
      await store.batch([
        { kind: 'update', collection: COLLECTIONS.forms, id: formId, patch: { isActive: true } },
        ...others.writes,
        audited(
          actor,
          'form.activated',
          formId,
          { isActive: form.isActive, active: activeBefore },
          { isActive: true, active: [formId] },
        ),
      ]);
      return { ...form, isActive: true };
    },

    async setDueDate(formId: string, dueDate: string, actor: AuditActor): Promise<ApplicationForm> {
      const form = await existingForm(formId);
      await store.batch([
        { kind: 'update', collection: COLLECTIONS.forms, id: formId, patch: { dueDate } },
        audited(actor, 'form.due-date-changed', formId, { dueDate: form.dueDate }, { dueDate }),
      ]);
      return { ...form, dueDate };
    },
  };
}
