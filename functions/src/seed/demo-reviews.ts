import { randomUUID } from 'node:crypto';
import {
  countWords,
  emptySectionResponses,
  formTeamRoles,
  isSectionVisible,
  mediaTypeEssence,
  newApplicationRow,
  teamRoleLabel,
  withAnswer,
  withFilterKeys,
  type Answer,
  type ApplicationForm,
  type ApplicationResponse,
  type Question,
  type SectionResponse,
  type TeamRole,
  type UploadedFile,
  type User,
} from '@portal/shared/domain';
import type { FileStore } from '../files/file-store';
import { createFilesRepository } from '../files/files.repository';
import { storagePath } from '../files/files.service';
import { createAssessmentsService } from '../staff/assessments/assessments.service';
import { assignInTransaction } from '../staff/assignments/assignments.service';
import { createReviewsRepository } from '../staff/reviews.repository';
import { COLLECTIONS } from '../store/collections';
import { indexRowsForSearch } from '../staff/search-postings';
import type { DocumentStore } from '../store/document-store';
import { userRecord } from '../users/users.repository';
import { DEMO_USERS } from './demo-accounts';
import { sampleResumePdf } from './sample-resume';

/** The form's disagreement threshold in the demo: reviews more than 2 points apart, calibrated, are flagged. */
export const DEMO_DISAGREEMENT_THRESHOLD = 2;

const sampleUser = (id: string, firstName: string, lastName: string, role: User['role']): User => ({
  id,
  email: `${id}@example.com`,
  firstName,
  lastName,
  role,
  activeApplications: [],
});

/** Two more reviewers with habits calibration corrects: one lenient, one harsh. Not sign-in accounts. */
const LENIENT = sampleUser('demo-reviewer-lenient', 'Lee', 'Lenient', 'reviewer');
const HARSH = sampleUser('demo-reviewer-harsh', 'Harper', 'Harsh', 'reviewer');
const RILEY = DEMO_USERS.find((user) => user.id === 'demo-reviewer')!;
const DIRECTOR = DEMO_USERS.find((user) => user.id === 'demo-director')!;

/**
 * Sample applications and their reviews (every criterion scored alike, 0–4): Lee scores high and
 * Harper low, so calibration moves their applicants' scores; Quinn's two reviews are 4 points apart
 * (Riley's highest, Harper's lowest), still beyond the threshold calibrated: the one flagged disagreement.
 */
const SAMPLES: { first: string; last: string; role: TeamRole; reviews: [User, number][] }[] = [
  {
    first: 'Sample',
    last: 'Adams',
    role: 'engineer',
    reviews: [
      [LENIENT, 4],
      [RILEY, 3],
    ],
  },
  {
    first: 'Sample',
    last: 'Baker',
    role: 'engineer',
    reviews: [
      [LENIENT, 3],
      [HARSH, 2],
    ],
  },
  {
    first: 'Sample',
    last: 'Chen',
    role: 'designer',
    reviews: [
      [HARSH, 1],
      [RILEY, 2],
    ],
  },
  {
    first: 'Sample',
    last: 'Diaz',
    role: 'designer',
    reviews: [
      [LENIENT, 4],
      [HARSH, 2],
    ],
  },
  {
    first: 'Sample',
    last: 'Evans',
    role: 'product',
    reviews: [
      [HARSH, 0],
      [RILEY, 1],
    ],
  },
  {
    first: 'Sample',
    last: 'Quinn',
    role: 'product',
    reviews: [
      [RILEY, 4],
      [HARSH, 0],
    ],
  },
];

const SAMPLE_SENTENCE = 'This is a sample answer in the demo data, written to show how an application reads.';

/** A sample answer that keeps the question's rules (words, options); a file question's is added with its file. */
function sampleAnswer(question: Question, role: TeamRole): Answer {
  switch (question.questionType) {
    case 'short-answer':
      return question.maxWords === 1 ? 'Sample' : 'Sample answer';
    case 'long-answer': {
      // Whole sentences, enough for the minimum (cut only at a maximum shorter than one).
      const sentences = Math.max(1, Math.ceil((question.minWords ?? 0) / countWords(SAMPLE_SENTENCE)));
      const words = Array.from({ length: sentences }, () => SAMPLE_SENTENCE)
        .join(' ')
        .split(' ');
      return words.slice(0, question.maxWords ?? words.length).join(' ');
    }
    case 'multiple-choice':
      return question.options[0]!;
    case 'multiple-select':
      return [question.options[0]!];
    case 'role-select':
      return [role];
    case 'file-upload':
      return '';
  }
}

/** The answers of a sample application for `role`: every question of the sections that role shows. */
function sampleSectionResponses(form: ApplicationForm, role: TeamRole): SectionResponse[] {
  return emptySectionResponses(form).map((answers, index) => {
    const section = form.sections[index]!;
    if (!isSectionVisible(section, [role])) return answers;
    return {
      ...answers,
      questions: answers.questions.map((answer, k) => ({
        ...answer,
        response: sampleAnswer(section.questions[k]!, role),
      })),
    };
  });
}

const PDF = 'application/pdf';

/**
 * Answers each file question that takes a PDF, in the sections the sample's role shows, with a
 * sample resume: stored in the file store and recorded as an upload is (`files.service`).
 */
async function withSampleResumes(
  deps: { store: DocumentStore; files: FileStore },
  form: ApplicationForm,
  response: ApplicationResponse,
  applicant: User,
  role: TeamRole,
  uploadedAt: string,
): Promise<ApplicationResponse> {
  const records = createFilesRepository(deps.store);
  let answered = response;
  for (const section of form.sections) {
    if (!isSectionVisible(section, [role])) continue;
    for (const question of section.questions) {
      if (question.questionType !== 'file-upload' || !question.acceptedTypes.map(mediaTypeEssence).includes(PDF))
        continue;
      const content = await sampleResumePdf({
        firstName: applicant.firstName,
        lastName: applicant.lastName,
        roleLabel: teamRoleLabel(formTeamRoles(form), role),
      });
      const file: UploadedFile = {
        id: randomUUID(),
        ownerId: applicant.id,
        responseId: response.id,
        questionId: question.questionId,
        name: `${applicant.firstName}-${applicant.lastName}-resume.pdf`,
        size: content.length,
        contentType: PDF,
        uploadedAt,
      };
      await deps.files.put(storagePath(file), content, PDF);
      await records.createFile(file);
      answered = withAnswer(answered, section.sectionId, question.questionId, file.id);
    }
  }
  return answered;
}

/**
 * Seeds, once, the sample applications whose reviews show calibration and a flagged disagreement on
 * the demo form (`npm start`); assignments and submits go through the review services, so rows,
 * loads and the audit log are as the API would leave them.
 */
export async function seedDemoReviews(deps: { store: DocumentStore; files: FileStore; now: Date }): Promise<void> {
  const { store, now } = deps;
  const form = (await store.get<ApplicationForm>(COLLECTIONS.forms, 'demo-form-spring'))!;
  await store.update(COLLECTIONS.forms, form.id, { disagreementThreshold: DEMO_DISAGREEMENT_THRESHOLD });
  for (const reviewer of [LENIENT, HARSH]) await store.set(COLLECTIONS.users, reviewer.id, userRecord(reviewer));

  const reviews = createReviewsRepository(store);
  const assessments = createAssessmentsService({ reviews, now: () => now });
  const at = now.toISOString();
  for (const [index, sample] of SAMPLES.entries()) {
    const applicant = {
      ...sampleUser(`demo-sample-${index + 1}`, sample.first, sample.last, 'applicant'),
      activeApplications: [form.id],
    };
    await store.set(COLLECTIONS.users, applicant.id, userRecord(applicant));
    const submittedAt = new Date(now.getTime() - (SAMPLES.length - index) * 3_600_000).toISOString();
    const response = await withSampleResumes(
      deps,
      form,
      {
        id: randomUUID(),
        userId: applicant.id,
        applicationFormId: form.id,
        sectionResponses: sampleSectionResponses(form, sample.role),
        status: 'submitted',
        dateSubmitted: submittedAt,
        rolesApplied: [sample.role],
        version: 1,
      },
      applicant,
      sample.role,
      submittedAt,
    );
    await store.set(COLLECTIONS.responses, response.id, response);
    const row = newApplicationRow({
      responseId: response.id,
      applicationFormId: form.id,
      role: sample.role,
      applicant,
      submittedAt,
    });
    await store.set(COLLECTIONS.reviewStatuses, row.id, withFilterKeys(row));
    await indexRowsForSearch(store, [row]);
    const created = await reviews.transaction((tx) =>
      assignInTransaction(
        tx,
        'review',
        sample.reviews.map(([reviewer]) => ({ responseId: response.id, role: sample.role, staffId: reviewer.id })),
        at,
        DIRECTOR,
      ),
    );
    for (const [k, [reviewer, value]] of sample.reviews.entries()) {
      const scores = Object.fromEntries(form.reviewRubrics[0]!.criteria.map((criterion) => [criterion.key, value]));
      await assessments.submit('review', created[k]!.id, reviewer, {
        scores,
        comments: '',
        version: created[k]!.version,
      });
    }
  }
}
