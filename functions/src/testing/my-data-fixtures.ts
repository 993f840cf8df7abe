import AdmZip from 'adm-zip';
import type request from 'supertest';
import { MY_DATA_JSON, MY_DATA_PATH, type MyData } from '@portal/shared/domain';
import type { FileStore } from '../files/file-store';
import { FORM_ID, startResponse, withAnswers, words, type Caller, type Harness } from './api-harness';
import { binaryBody, storeUpload } from './export-fixtures';
import { assign, publishSlot } from './staff-fixtures';

/** What rita writes in her review of ada's application: it must never reach ada's download. */
export const REVIEW_COMMENT = 'Remarkable project; check the references';
export const REVIEW_SCORES = { motivation: 4, experience: 2, communication: 3 };
export const RESUME_BYTES = Buffer.from('%PDF-1.4\n% ada resume\n%%EOF\n');

/**
 * ada's whole cycle up to the decisions, not released: she submits (her resume's bytes in `files`),
 * rita reviews it with scores and a comment, dora qualifies her engineer row, publishes a slot that
 * rob interviews, ada books it, and dora decides both rows (engineer accepted, bootcamp denied).
 */
export async function decidedApplication(harness: Harness, files: FileStore) {
  const expectStatus = (res: request.Response, status: number, what: string) => {
    if (res.status !== status) throw new Error(`${what}: ${res.status} ${res.text}`);
    return res;
  };
  const started = await startResponse(harness, 'ada');
  const resume = await storeUpload(harness, files, {
    ownerId: 'ada',
    responseId: started.id,
    questionId: 'resume',
    name: 'Ada CV.pdf',
    content: RESUME_BYTES,
  });
  const answers = withAnswers(started, {
    'about-you.preferred-name': 'Nova',
    'about-you.year': 'Second year',
    'about-you.resume': resume.id,
    'roles.roles': ['engineer', 'bootcamp'],
    'motivation.why-join': words(25),
    'motivation.interests': ['Education', 'Health'],
    'engineering.project': words(35, 'built'),
  });
  expectStatus(await harness.as('ada').post('/application/submit', answers), 200, 'submit');
  const [review] = await assign(harness, [{ responseId: started.id, role: 'engineer', staffId: 'rita' }]);
  expectStatus(
    await harness.as('rita').post(`/admin/assessments/review/${review!.id}/submit`, {
      scores: REVIEW_SCORES,
      comments: REVIEW_COMMENT,
      version: 0,
    }),
    200,
    'review',
  );
  expectStatus(
    await harness.as('dora').put(`/admin/rows/${started.id}/engineer/qualified`, { qualified: true }),
    200,
    'qualify',
  );
  const slot = await publishSlot(harness, { interviewerIds: ['rob'], place: 'Room 101' });
  expectStatus(await harness.as('ada').put(`/interviews/${FORM_ID}/booking`, { slotId: slot.id }), 200, 'booking');
  for (const [role, decision] of [
    ['engineer', 'accepted'],
    ['bootcamp', 'denied'],
  ] as const) {
    expectStatus(await harness.as('dora').put(`/admin/rows/${started.id}/${role}/decision`, { decision }), 200, role);
  }
  return { responseId: started.id, resume, slot };
}

/** The caller's "Download my data" ZIP: its JSON, its entries by name, and all its text lower-cased. */
export async function downloadMyData(harness: Harness, caller: Caller) {
  const res = await harness.as(caller).get(MY_DATA_PATH).buffer(true).parse(binaryBody);
  if (res.status !== 200) throw new Error(`download: ${res.status} ${JSON.stringify(res.body)}`);
  const zip = new AdmZip(res.body as Buffer);
  const data = JSON.parse(zip.readAsText(MY_DATA_JSON)) as MyData;
  const entries = new Map(zip.getEntries().map((entry) => [entry.entryName, entry.getData()]));
  const text = [...entries]
    .map(([name, bytes]) => `${name}\n${bytes.toString('utf8')}`)
    .join('\n')
    .toLowerCase();
  return { res, data, entries, text };
}
