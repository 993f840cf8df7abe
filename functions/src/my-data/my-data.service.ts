import {
  APPLICATION_STATUS_LABELS,
  applicantLetter,
  formTeamRoles,
  GENERIC_LETTERS,
  isFinalDecision,
  MESSAGE_KIND_LABELS,
  REVIEW_DECISION_LABELS,
  responseForApplicant,
  teamRoleLabel,
  type ApplicationForm,
  type ApplicationResponse,
  type MyData,
  type MyDataAnswer,
  type MyDataApplication,
  type MyDataDecision,
  type MyDataEmail,
  type MyDataFile,
  type UploadedFile,
  type User,
} from '@portal/shared/domain';
import { ApiError } from '../http/api-error';
import { safeSegment, uniqueNames } from '../exports/zip-names';
import type { OutboxMessage } from '../outbox/outbox';
import type { MyDataRepository } from './my-data.repository';

/** What the ZIP holds besides `my-data.json`: each upload under its path, from the file store. */
export interface MyDataFileEntry {
  path: string;
  file: UploadedFile;
}

export interface MyDataExport {
  data: MyData;
  files: MyDataFileEntry[];
}

export const MY_DATA_ABOUT =
  'Everything the application portal holds about you: your account, your applications and their answers, the files you uploaded (in files/), your interview bookings, the decisions and letters released to you, and every email the portal sent you. The review work on your applications (who reviewed them, their scores, comments and notes) is the club\u2019s and is not included, nor is any decision before its release.';

/** `data` as the ZIP holds it when the file store had no bytes for some of its files' paths. */
export function withoutMissing(data: MyData, missing: ReadonlySet<string>): MyData {
  if (missing.size === 0) return data;
  return {
    ...data,
    files: data.files.map((file) => (file.path && missing.has(file.path) ? { ...file, path: null } : file)),
    applications: data.applications.map((application) => ({
      ...application,
      answers: application.answers.map(({ file, ...answer }) =>
        file && !missing.has(file) ? { ...answer, file } : answer,
      ),
    })),
  };
}

export interface MyDataService {
  /** The caller's own data; 404 without a user record. */
  collect(uid: string): Promise<MyDataExport>;
}

/**
 * "Download my data" (docs/product.md#download-my-data). Every field is picked by name: a stored
 * record may carry staff fields (a row's reviews and scores, a slot's interviewers), and none of
 * those is copied. A form's decisions and letters are read only once they are released.
 */
export function createMyDataService(deps: { repository: MyDataRepository; now: () => Date }): MyDataService {
  const { repository, now } = deps;

  async function collect(uid: string): Promise<MyDataExport> {
    const user = await repository.getUser(uid);
    if (!user) throw new ApiError('not-found', 'No user record for this account');
    const [responses, uploads, bookings, emails] = await Promise.all([
      repository.responsesOf(uid),
      repository.filesOf(uid),
      repository.bookingsOf(uid),
      repository.emailsTo(uid),
    ]);
    const forms = new Map<string, ApplicationForm | null>();
    for (const id of new Set(responses.map((response) => response.applicationFormId))) {
      forms.set(id, await repository.getForm(id));
    }

    const unique = uniqueNames();
    const filePaths = new Map(uploads.map((file) => [file.id, `files/${unique(safeSegment(file.name, 'file'))}`]));
    const bookingOf = new Map(bookings.map((booking) => [booking.formId, booking]));

    const applications: MyDataApplication[] = [];
    for (const response of [...responses].sort((a, b) => a.dateSubmitted.localeCompare(b.dateSubmitted))) {
      const form = forms.get(response.applicationFormId) ?? null;
      const booking = bookingOf.get(response.applicationFormId);
      applications.push({
        ...(await application(user, response, form, filePaths, uploads)),
        interview: booking ? await interviewOf(uid, booking.slotId) : null,
      });
    }

    const questionText = (file: UploadedFile) => {
      const form = forms.get(responses.find((response) => response.id === file.responseId)?.applicationFormId ?? '');
      return questionOf(form ?? null, file.questionId)?.questionText ?? null;
    };
    const files: MyDataFile[] = uploads.map((file) => ({
      name: file.name,
      contentType: file.contentType,
      size: file.size,
      uploadedAt: file.uploadedAt,
      applicationId: file.responseId,
      question: questionText(file),
      path: filePaths.get(file.id) ?? null,
    }));

    return {
      data: {
        exportedAt: now().toISOString(),
        about: MY_DATA_ABOUT,
        account: accountOf(user),
        applications,
        files,
        emails: [...emails].sort((a, b) => a.createdAt.localeCompare(b.createdAt)).map(emailOf),
      },
      files: uploads.map((file) => ({ path: filePaths.get(file.id)!, file })),
    };
  }

  async function application(
    user: User,
    stored: ApplicationResponse,
    form: ApplicationForm | null,
    filePaths: Map<string, string>,
    uploads: UploadedFile[],
  ): Promise<Omit<MyDataApplication, 'interview'>> {
    const released = form?.decisionsReleased === true;
    // As the status page shows it: no stage of the review before the release.
    const response = responseForApplicant(stored, { decisionsReleased: released });
    const roles = form ? formTeamRoles(form) : [];
    const label = (role: string) => teamRoleLabel(roles, role);
    const decisions: MyDataDecision[] = [];
    if (form && released) {
      for (const role of response.rolesApplied) {
        const row = await repository.getRow(response.id, role);
        if (!row) continue;
        const letter = applicantLetter(form, row.decision, role, user.firstName);
        decisions.push({
          role: label(role),
          decision: REVIEW_DECISION_LABELS[row.decision] ?? row.decision,
          offer: row.offer ?? null,
          offerDeadline: row.offerDeadline ?? null,
          offerRepliedAt: row.offerRepliedAt ?? null,
          letter: letter?.body ?? (isFinalDecision(row.decision) ? GENERIC_LETTERS[row.decision] : null),
        });
      }
    }
    return {
      id: response.id,
      form: { id: response.applicationFormId, semester: form?.semester ?? '' },
      status: APPLICATION_STATUS_LABELS[response.status] ?? response.status,
      lastSavedAt: response.dateSubmitted,
      roles: response.rolesApplied.map(label),
      answers: answersOf(response, form, label, filePaths, uploads),
      decisionsReleased: released,
      decisions,
    };
  }

  /** When, how long and where: not who interviews (staff), nor anyone else's booking. */
  async function interviewOf(uid: string, slotId: string): Promise<MyDataApplication['interview']> {
    const slot = await repository.getSlot(slotId);
    if (!slot) return null;
    const seat = slot.bookings.find((booking) => booking.userId === uid);
    return { startsAt: slot.startsAt, minutes: slot.minutes, place: slot.place, bookedAt: seat?.bookedAt ?? null };
  }

  return { collect };
}

function accountOf(user: User): MyData['account'] {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    privacyNotice: user.privacyNotice ?? null,
    ...(user.applicantRolePreferences?.length && { reviewRoles: user.applicantRolePreferences }),
  };
}

const questionOf = (form: ApplicationForm | null, questionId: string) =>
  form?.sections.flatMap((section) => section.questions).find((question) => question.questionId === questionId);

/** Every answer given, in the form's words; a file answer names the file and its path in the ZIP. */
function answersOf(
  response: ApplicationResponse,
  form: ApplicationForm | null,
  label: (role: string) => string,
  filePaths: Map<string, string>,
  uploads: UploadedFile[],
): MyDataAnswer[] {
  const answers: MyDataAnswer[] = [];
  for (const section of response.sectionResponses) {
    const formSection = form?.sections.find((each) => each.sectionId === section.sectionId);
    for (const given of section.questions) {
      if (given.response.length === 0) continue;
      const question = formSection?.questions.find((each) => each.questionId === given.questionId);
      const base = {
        section: formSection?.sectionName ?? section.sectionName,
        question: question?.questionText ?? given.questionId,
      };
      if (given.questionType === 'file-upload' && typeof given.response === 'string') {
        const upload = uploads.find((file) => file.id === given.response);
        const path = filePaths.get(given.response);
        answers.push({ ...base, answer: upload?.name ?? given.response, ...(path && { file: path }) });
      } else if (Array.isArray(given.response)) {
        answers.push({
          ...base,
          answer: given.questionType === 'role-select' ? given.response.map(label) : given.response,
        });
      } else {
        answers.push({ ...base, answer: given.response });
      }
    }
  }
  return answers;
}

function emailOf(message: OutboxMessage): MyDataEmail {
  return {
    kind: MESSAGE_KIND_LABELS[message.template] ?? message.template,
    to: message.to,
    subject: message.subject,
    text: message.text,
    attachments: (message.attachments ?? []).map((attachment) => attachment.filename),
    state: message.state,
    queuedAt: message.createdAt,
    sentAt: message.sentAt,
  };
}
