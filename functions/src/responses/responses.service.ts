import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import {
  answersSummary,
  checkAnswers,
  formatDateTime,
  formTeamRoles,
  teamRoleLabel,
  emptySectionResponses,
  INITIAL_RESPONSE_STATUS,
  isPastDue,
  newApplicationRow,
  responseForApplicant,
  RESPONSE_MESSAGES,
  rolesFromAnswers,
  withoutUnchosenAnswers,
  formRoleIds,
  type ApplicationForm,
  type ApplicationResponse,
  type ApplicationRow,
  type MyApplication,
  type SectionResponse,
  type User,
} from '@portal/shared/domain';
import type { FormStatus } from '../forms/form-status';
import { noFormError } from '../forms/forms.service';
import { ApiError } from '../http/api-error';
import { composeMessage, outboxEvents, outboxId, type MailSettings, type OutboxMessage } from '../outbox/outbox';
import { fileAnswerIssues, withFormSectionNames } from './response-answers';
import { type ResponsesRepository, type ResponsesTransaction } from './responses.repository';

export const RESPONSES_SERVICE_MESSAGES = {
  idMismatch: 'The response in the body is not the one in the address',
  fixedFields: (fields: string[]) => `These fields cannot be changed: ${fields.join(', ')}`,
  fixedField: 'This field cannot be changed',
  formClosed: 'This form is not accepting applications',
  noUser: 'No user record for this account',
  invalidAnswers: 'Some answers are not valid',
  incomplete: 'Your application is not complete',
} as const;

export const noResponseError = () => new ApiError('not-found', RESPONSE_MESSAGES.noResponse);

export interface StartResult {
  response: ApplicationResponse;
  created: boolean;
}

export interface ResponsesService {
  start(uid: string, formId: string): Promise<StartResult>;
  listMine(uid: string): Promise<MyApplication[]>;
  getOwn(uid: string, responseId: string): Promise<ApplicationResponse>;
  save(uid: string, responseId: string, body: ApplicationResponse): Promise<ApplicationResponse>;
  /**
   * Submits; the rows' search postings follow the commit, and a failure there is `onIndexError`'s
   * (the submit stands: the job its transaction stored has the scheduler write them).
   */
  submit(
    uid: string,
    body: ApplicationResponse,
    options?: { onIndexError?: (error: unknown) => void },
  ): Promise<ApplicationResponse>;
}

/** The response if the caller owns it; unknown and foreign ids get the same answer. */
export function ownedOrNotFound(response: ApplicationResponse | null, uid: string): ApplicationResponse {
  if (!response || response.userId !== uid) throw noResponseError();
  return response;
}

function assertFixedFieldsUnchanged(
  stored: ApplicationResponse,
  body: ApplicationResponse,
  fields: readonly (keyof ApplicationResponse)[],
): void {
  const changed = fields.filter((field) => body[field] !== stored[field]);
  if (changed.length > 0) {
    throw new ApiError(
      'forbidden',
      RESPONSES_SERVICE_MESSAGES.fixedFields(changed),
      changed.map((field) => ({ path: field, message: RESPONSES_SERVICE_MESSAGES.fixedField })),
    );
  }
}

/** A response whose form is gone shows its status as before a release. */
const NOT_RELEASED = { decisionsReleased: false } as const;

/** The form's content as a start, save or submit reads it: not through its transaction, and once for all its attempts. */
type ContentReader = (formId: string) => Promise<ApplicationForm | null>;

function contentReader(responses: ResponsesRepository): ContentReader {
  let read: { formId: string; form: Promise<ApplicationForm | null> } | undefined;
  return (formId) => {
    if (read?.formId !== formId) read = { formId, form: responses.getForm(formId) };
    return read.form;
  };
}

/**
 * The form's status as the transaction reads it, with its content read outside the transaction: a
 * start, save or submit checks the status atomically (a release or a due-date change committing
 * first makes it retry and see it), and a staff edit of the content does not make it retry
 * (docs/architecture.md#the-save-path).
 */
async function statusOf(
  tx: ResponsesTransaction,
  formId: string,
  contentOf: ContentReader,
): Promise<{ status: FormStatus; form: ApplicationForm }> {
  const [status, content] = await Promise.all([tx.getFormStatus(formId), contentOf(formId)]);
  if (!status || !content) throw noFormError();
  return { status, form: content };
}

/** Checks the answers against the form and the uploaded files; a refusal lists every issue. */
async function assertValidAnswers(
  tx: ResponsesTransaction,
  form: ApplicationForm,
  stored: ApplicationResponse,
  sections: SectionResponse[],
  mode: 'save' | 'submit',
): Promise<void> {
  const message = mode === 'submit' ? RESPONSES_SERVICE_MESSAGES.incomplete : RESPONSES_SERVICE_MESSAGES.invalidAnswers;
  const issues = checkAnswers(form, sections, { mode, teamRoles: formRoleIds(form) });
  if (issues.length > 0) throw new ApiError('invalid-request', message, issues);
  const fileIssues = await fileAnswerIssues(form, sections, { userId: stored.userId, responseId: stored.id }, (id) =>
    tx.getFile(id),
  );
  if (fileIssues.length > 0) throw new ApiError('invalid-request', message, fileIssues);
}

/**
 * The answers a save or submit stores: under the form's section names, and without the answers
 * to sections of roles the applicant did not choose (the editor warned that unticking a role
 * discards them), so no export, receipt or reviewer reads them.
 */
const answersToKeep = (form: ApplicationForm, sections: SectionResponse[]): SectionResponse[] =>
  withoutUnchosenAnswers(form, withFormSectionNames(form, sections));

/** A form takes applications (start, save, submit) until its due date, and never once decisions are released. */
function assertTakesApplications(status: FormStatus, at: Date): void {
  if (status.decisionsReleased) throw ApiError.because('released', RESPONSE_MESSAGES.decisionsReleased);
  if (isPastDue(status, at)) throw ApiError.because('past-due', RESPONSE_MESSAGES.pastDue);
}

function staleError(stored: ApplicationResponse): ApiError {
  return ApiError.because('stale-version', RESPONSE_MESSAGES.staleSave, { current: stored });
}

/** The submission receipt: the answers' summary and the time, in the form's (else the chapter's) zone. */
function receiptFor(
  form: ApplicationForm,
  applicant: User,
  submitted: ApplicationResponse,
  mail: MailSettings,
): OutboxMessage {
  const roleLabel = (role: string) => teamRoleLabel(formTeamRoles(form), role);
  return composeMessage({
    kind: 'submissionReceipt',
    form,
    event: outboxEvents.submitted(submitted.id),
    recipient: applicant,
    values: {
      firstName: applicant.firstName,
      semester: form.semester,
      role: submitted.rolesApplied.map(roleLabel).join(', '),
      submittedAt: formatDateTime(submitted.dateSubmitted, form.timeZone ?? mail.timeZone),
      answers: answersSummary(form, submitted.sectionResponses, roleLabel),
    },
    settings: mail,
    at: submitted.dateSubmitted,
  });
}

export function createResponsesService(deps: {
  responses: ResponsesRepository;
  now: () => Date;
  mail: MailSettings;
}): ResponsesService {
  const { responses, now, mail } = deps;
  return {
    start(uid, formId) {
      const startedAt = now();
      // The content is read only for a new response (the editor starts again on every visit).
      const contentOf = contentReader(responses);
      return responses.transaction(async (tx) => {
        const entry = await tx.getIndexEntry(uid, formId);
        const existing = entry ? await tx.getResponse(entry.responseId) : null;
        if (existing) {
          const status = await tx.getFormStatus(existing.applicationFormId);
          return { response: responseForApplicant(existing, status ?? NOT_RELEASED), created: false };
        }

        const { status, form } = await statusOf(tx, formId, contentOf);
        if (!status.isActive) throw ApiError.because('form-closed', RESPONSES_SERVICE_MESSAGES.formClosed);
        assertTakesApplications(status, startedAt);
        const user = await tx.getUser(uid);
        if (!user) throw new ApiError('not-found', RESPONSES_SERVICE_MESSAGES.noUser);

        const response: ApplicationResponse = {
          id: randomUUID(),
          userId: uid,
          applicationFormId: form.id,
          sectionResponses: emptySectionResponses(form),
          status: INITIAL_RESPONSE_STATUS,
          dateSubmitted: startedAt.toISOString(),
          rolesApplied: [],
          version: 0,
        };
        tx.createResponse(response);
        tx.setIndexEntry({ userId: uid, applicationFormId: form.id, responseId: response.id });
        if (!user.activeApplications.includes(form.id)) {
          tx.setActiveApplications(uid, [...user.activeApplications, form.id]);
        }
        return { response, created: true };
      });
    },

    async listMine(uid) {
      const mine = await responses.listByUser(uid);
      const forms = new Map<string, Promise<ApplicationForm | null>>();
      const formFor = (id: string) => {
        if (!forms.has(id)) forms.set(id, responses.getForm(id));
        return forms.get(id)!;
      };
      const items = await Promise.all(
        mine.map(async (response): Promise<MyApplication | null> => {
          const form = await formFor(response.applicationFormId);
          if (!form) return null;
          const roles = await Promise.all(
            response.rolesApplied.map(async (role) => {
              const status = form.decisionsReleased ? await responses.getReviewStatus(response.id, role) : null;
              return { role, decision: status?.decision ?? null, offer: status?.offer ?? null };
            }),
          );
          return {
            response: responseForApplicant(response, form),
            form: {
              id: form.id,
              semester: form.semester,
              dueDate: form.dueDate,
              decisionsReleased: form.decisionsReleased,
              ...(form.roles && { roles: form.roles }),
            },
            roles,
          };
        }),
      );
      return items
        .filter((item): item is MyApplication => item !== null)
        .sort((a, b) => b.response.dateSubmitted.localeCompare(a.response.dateSubmitted));
    },

    async getOwn(uid, responseId) {
      const response = ownedOrNotFound(await responses.getResponse(responseId), uid);
      return responseForApplicant(response, (await responses.getForm(response.applicationFormId)) ?? NOT_RELEASED);
    },

    save(uid, responseId, body) {
      if (body.id !== responseId) throw new ApiError('invalid-request', RESPONSES_SERVICE_MESSAGES.idMismatch);
      const savedAt = now();
      const contentOf = contentReader(responses);
      return responses.transaction(async (tx) => {
        const stored = ownedOrNotFound(await tx.getResponse(responseId), uid);
        if (stored.status !== INITIAL_RESPONSE_STATUS) {
          throw ApiError.because('submitted', RESPONSE_MESSAGES.notEditable);
        }
        assertFixedFieldsUnchanged(stored, body, ['userId', 'applicationFormId', 'status']);
        const { status, form } = await statusOf(tx, stored.applicationFormId, contentOf);
        assertTakesApplications(status, savedAt);
        if (body.version !== stored.version) throw staleError(stored);

        const sections = answersToKeep(form, body.sectionResponses);
        await assertValidAnswers(tx, form, stored, sections, 'save');
        const saved: ApplicationResponse = {
          ...stored,
          sectionResponses: sections,
          rolesApplied: rolesFromAnswers(form, sections),
          dateSubmitted: savedAt.toISOString(),
          version: stored.version + 1,
        };
        tx.replaceResponse(saved);
        return saved;
      });
    },

    async submit(uid, body, options = {}) {
      const submittedAt = now();
      const contentOf = contentReader(responses);
      // The rows to add to the search's postings once the submit commits (staff/search-postings.ts).
      let toIndex: ApplicationRow[] = [];
      const result = await responses.transaction(async (tx) => {
        toIndex = [];
        const stored = ownedOrNotFound(await tx.getResponse(body.id), uid);
        assertFixedFieldsUnchanged(stored, body, ['userId', 'applicationFormId']);
        const { status, form } = await statusOf(tx, stored.applicationFormId, contentOf);
        const sections = answersToKeep(form, body.sectionResponses);
        if (stored.status !== INITIAL_RESPONSE_STATUS) {
          // A repeated submit of the same answers (a retry, a second tab) succeeds without writing.
          // Its rows go to the postings again (a no-op unless the first submit stopped before it did).
          if (isDeepStrictEqual(sections, stored.sectionResponses)) {
            const rows = await Promise.all(stored.rolesApplied.map((role) => tx.getReviewStatus(stored.id, role)));
            toIndex = rows.filter((row): row is ApplicationRow => row !== null);
            return responseForApplicant(stored, status);
          }
          throw ApiError.because('submitted', RESPONSE_MESSAGES.notEditable);
        }
        // The status is read in this transaction: a release committing first makes this submit retry and see it.
        assertTakesApplications(status, submittedAt);
        if (body.version !== stored.version) throw staleError(stored);
        await assertValidAnswers(tx, form, stored, sections, 'submit');

        const roles = rolesFromAnswers(form, sections);
        const existingStatuses = await Promise.all(roles.map((role) => tx.getReviewStatus(stored.id, role)));
        const applicant = await tx.getUser(uid);
        if (!applicant) throw new ApiError('not-found', RESPONSE_MESSAGES.noResponse);
        const receiptQueued = (await tx.getOutboxMessage(outboxId(outboxEvents.submitted(stored.id), uid))) !== null;
        const submitted: ApplicationResponse = {
          ...stored,
          sectionResponses: sections,
          status: 'submitted',
          rolesApplied: roles,
          dateSubmitted: submittedAt.toISOString(),
          version: stored.version + 1,
        };
        tx.replaceResponse(submitted);
        roles.forEach((role, index) => {
          if (existingStatuses[index]) return;
          const row = newApplicationRow({
            responseId: stored.id,
            applicationFormId: stored.applicationFormId,
            role,
            applicant,
            submittedAt: submitted.dateSubmitted,
            answers: sections,
          });
          tx.createReviewStatus(row);
          toIndex.push(row);
        });
        // Their postings follow the commit; the job makes sure they do even if this request stops.
        if (toIndex.length > 0) tx.queueSearchPostings(stored.id, toIndex);
        // The receipt commits with the submit, or neither does; never twice for one submit.
        if (!receiptQueued) tx.queueMessage(receiptFor(form, applicant, submitted, mail));
        return submitted;
      });
      // Up to a thousand tokens: more postings than one commit takes, so they follow it, in
      // transactions of their own; if this request stops first, the scheduler runs the job the
      // transaction stored (staff/search-postings-job.ts), as does a repeated submit.
      if (toIndex.length > 0) {
        await responses.indexForSearch(result.id, toIndex).catch((error: unknown) => options.onIndexError?.(error));
      }
      return result;
    },
  };
}
