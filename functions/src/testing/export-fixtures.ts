import { randomUUID } from 'node:crypto';
import type request from 'supertest';
import type { Answer, ApplicationForm, ApplicationResponse, UploadedFile } from '@portal/shared/domain';
import { storagePath } from '../files/files.service';
import type { FileStore } from '../files/file-store';
import { COLLECTIONS } from '../store/collections';
import { START, type Harness } from './api-harness';
import { seedApplication } from './staff-fixtures';

/** The form's section responses with the given answers (by question id); other questions unanswered. */
export function sectionResponsesFor(
  form: ApplicationForm,
  answers: Record<string, Answer>,
): ApplicationResponse['sectionResponses'] {
  return form.sections.map((section) => ({
    sectionId: section.sectionId,
    sectionName: section.sectionName,
    questions: section.questions
      .filter((question) => Object.hasOwn(answers, question.questionId))
      .map((question) => ({
        questionId: question.questionId,
        questionType: question.questionType,
        applicationFormId: form.id,
        response: answers[question.questionId]!,
      })),
  }));
}

/** Stores an uploaded file's record and bytes as the files module would, under any name (even a hostile one). */
export async function storeUpload(
  harness: Harness,
  files: FileStore,
  file: { ownerId: string; responseId: string; questionId: string; name: string; content: Buffer },
): Promise<UploadedFile> {
  const record: UploadedFile = {
    id: randomUUID(),
    ownerId: file.ownerId,
    responseId: file.responseId,
    questionId: file.questionId,
    name: file.name,
    size: file.content.length,
    contentType: 'application/pdf',
    uploadedAt: START.toISOString(),
  };
  await files.put(storagePath(record), file.content, record.contentType);
  await harness.store.create(COLLECTIONS.files, record.id, record);
  return record;
}

/** A supertest parser that keeps the body's bytes (`.buffer(true).parse(binaryBody)`), for a ZIP. */
export function binaryBody(res: request.Response, callback: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}

/**
 * Makes `form` the harness's form and seeds `ids` as applicants who submitted it for engineer and
 * bootcamp, each answering every question with `answer(id, questionId)` (roles for the role-select).
 */
export async function seedAnsweredApplications(
  harness: Harness,
  form: ApplicationForm,
  ids: string[],
  answer: (id: string, questionId: string) => string,
): Promise<void> {
  await harness.store.set(COLLECTIONS.forms, form.id, form);
  const questions = form.sections.flatMap((section) => section.questions);
  for (const id of ids) {
    const response = await seedApplication(harness, { id, firstName: id, lastName: 'Long' }, ['engineer', 'bootcamp']);
    const answers = Object.fromEntries(
      questions.map((q) => [
        q.questionId,
        q.questionType === 'role-select' ? ['engineer', 'bootcamp'] : answer(id, q.questionId),
      ]),
    );
    await harness.store.update(COLLECTIONS.responses, response.id, {
      sectionResponses: sectionResponsesFor(form, answers),
    });
  }
}
