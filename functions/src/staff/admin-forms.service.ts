import {
  answerLosingChanges,
  formChanges,
  FORM_DEFINITION_MESSAGES,
  FORM_REVISION_MESSAGES,
  revisedSectionResponses,
  type ActivationImpact,
  type ApplicationForm,
  type DeactivatedForm,
  type FormSummary,
  formDefinitionSchema,
  idSchema,
} from '@portal/shared/domain';
import type { AuditEntry } from '@portal/shared/domain';
import { auditEntry, type AuditActor } from '../audit/audit-entry';
import { noFormError } from '../forms/forms.service';
import { ApiError } from '../http/api-error';
import { toFieldIssues } from '../http/validate';
import { COLLECTIONS } from '../store/collections';
import type { AdminFormsRepository } from './admin-forms.repository';

/**
 * The super-reviewer's forms: publish (create or replace), list with their progress, activate,
 * move the due date. Activation is exclusive: whatever makes a form active deactivates every
 * other active form in the same batch. Each change appends its audit entry in that batch.
 *
 * Replacing a form that has responses keeps every answer
 * (docs/product.md#forms-sections-and-questions): a definition that removes, moves or retypes an
 * answered question, or drops a chosen option, is refused with 409 naming each question
 * (`answerLosingChanges`); otherwise every response is rewritten for the new definition after the
 * form is saved (new questions empty, answers kept), each in its own transaction from its answers
 * at that moment; a response answered in between to a question that is gone is left as it was
 * rather than lose the answer.
 */
export function createAdminFormsService(deps: {
  forms: AdminFormsRepository;
  now?: () => Date;
  /** A released form's retention days changed: its next retention step is worked out again (retention.service.ts). */
  retentionChanged?: (formId: string) => Promise<void>;
}) {
  const { forms } = deps;
  const now = deps.now ?? (() => new Date());

  const audited = (
    actor: AuditActor,
    action: 'form.published' | 'form.activated' | 'form.due-date-changed',
    formId: string,
    before: unknown,
    after: unknown,
  ): AuditEntry =>
    auditEntry({
      actor,
      action,
      target: { collection: COLLECTIONS.forms, id: formId },
      formId,
      before,
      after,
      at: now().toISOString(),
    });

  /** What the audit log keeps of a published form. */
  const outline = (form: ApplicationForm) => ({
    semester: form.semester,
    isActive: form.isActive,
    dueDate: form.dueDate,
  });

  /** The active forms but `formId`. */
  const otherActive = async (formId: string) => (await forms.activeIds()).filter((id) => id !== formId);

  async function existingForm(formId: string): Promise<ApplicationForm> {
    const form = await forms.get(formId);
    if (!form) throw noFormError();
    return form;
  }

  return {
    /**
     * Stores a definition. Whether the form is live and released stays as stored (a new form is
     * neither): only `activate` and the release change them, guarded and audited.
     */
    async publish(input: unknown, actor: AuditActor): Promise<ApplicationForm> {
      const parsed = formDefinitionSchema.safeParse(input);
      const raw = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
      const previous = idSchema.safeParse(raw.id).success ? await forms.get(raw.id as string) : null;
      const stored = { isActive: previous?.isActive ?? false, decisionsReleased: previous?.decisionsReleased ?? false };
      // Every problem at once: the schema's, and a live or released state the definition tries to set.
      const issues = [
        ...(parsed.success ? [] : toFieldIssues(parsed.error)),
        ...(['isActive', 'decisionsReleased'] as const)
          .filter((field) => typeof raw[field] === 'boolean' && raw[field] !== stored[field])
          .map((field) => ({ path: field, message: FORM_DEFINITION_MESSAGES[field] })),
      ];
      if (!parsed.success || issues.length > 0) {
        throw new ApiError('invalid-request', 'Invalid form definition', issues);
      }
      const form: ApplicationForm = { ...parsed.data, ...stored };
      const responses = previous ? await forms.responseSections(form.id) : [];
      const losing = previous
        ? answerLosingChanges(
            previous,
            form,
            responses.map((response) => response.sectionResponses),
          )
        : [];
      if (losing.length > 0) throw ApiError.because('answers-would-be-lost', FORM_REVISION_MESSAGES.conflict, losing);
      await forms.save({
        form,
        deactivate: [],
        // A replaced definition: every changed field (rubrics, blind review, letters, …); a new one: its outline.
        audit: previous
          ? (({ before, after }) => audited(actor, 'form.published', form.id, before, after))(
              formChanges(previous, form),
            )
          : audited(actor, 'form.published', form.id, null, outline(form)),
      });
      if (previous?.decisionsReleased && previous.retentionDays !== form.retentionDays) {
        await deps.retentionChanged?.(form.id);
      }
      if (previous) {
        // Each response afresh: one answered since the check above to a question now gone stays as it was.
        await forms.reviseResponses(form.id, (sections) =>
          answerLosingChanges(previous, form, [sections]).length > 0 ? null : revisedSectionResponses(form, sections),
        );
      }
      return form;
    },

    async list(): Promise<{ items: FormSummary[] }> {
      const all = await forms.listByDueDate();
      const items = await Promise.all(
        all.map(async (form): Promise<FormSummary> => {
          const [rows, decided] = await Promise.all([forms.countRows(form.id, false), forms.countRows(form.id, true)]);
          return {
            id: form.id,
            semester: form.semester,
            isActive: form.isActive,
            decisionsReleased: form.decisionsReleased,
            dueDate: form.dueDate,
            ...(form.timeZone ? { timeZone: form.timeZone } : {}),
            rows,
            decided,
          };
        }),
      );
      return { items };
    },

    /** What "Make active" would turn off: each other active form with its work under way. Writes nothing. */
    async activation(formId: string): Promise<ActivationImpact> {
      await existingForm(formId);
      const deactivates = await Promise.all(
        (await otherActive(formId)).map(async (id): Promise<DeactivatedForm | null> => {
          const form = await forms.get(id);
          if (!form) return null;
          const [drafts, openApplications, open] = await Promise.all([
            forms.countResponses(id, ['in-progress']),
            forms.countResponses(id, ['submitted', 'in-review', 'interview']),
            forms.openAssessments(id),
          ]);
          return {
            id,
            semester: form.semester,
            drafts,
            openApplications,
            openReviews: open.reviews,
            openInterviews: open.interviews,
          };
        }),
      );
      return { deactivates: deactivates.filter((form): form is DeactivatedForm => form !== null) };
    },

    async activate(formId: string, actor: AuditActor): Promise<ApplicationForm> {
      const form = await existingForm(formId);
      const others = await otherActive(formId);
      const activeBefore = form.isActive ? [formId, ...others].sort() : others;
      await forms.save({
        form,
        patch: { isActive: true },
        deactivate: others,
        audit: audited(
          actor,
          'form.activated',
          formId,
          { isActive: form.isActive, active: activeBefore },
          { isActive: true, active: [formId] },
        ),
      });
      return { ...form, isActive: true };
    },

    async setDueDate(formId: string, dueDate: string, actor: AuditActor): Promise<ApplicationForm> {
      const form = await existingForm(formId);
      await forms.save({
        form,
        patch: { dueDate },
        deactivate: [],
        audit: audited(actor, 'form.due-date-changed', formId, { dueDate: form.dueDate }, { dueDate }),
      });
      return { ...form, dueDate };
    },
  };
}
