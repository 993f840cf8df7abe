import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import type { ApplicationResponse } from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import { completeResponse, FORM_ID, startResponse, withAnswer, type Harness } from './api-harness';
import { assign, publishSlot, submitApplication } from './staff-fixtures';

/**
 * One applicant with everything the portal keeps of someone (docs/security.md): answers, an
 * uploaded résumé, a review of them with comments naming them, a reviewer's digest listing them, a tag naming them on their row, a note on their application naming
 * them, a conflict of interest a reviewer declared by their email, an interview booking, the emails to them and to their interviewer,
 * search keys, and the audit entries all this wrote; then `tracesOf` finds anything left that
 * names them. eve applies, renamed Zelda Quibble so her name is hers alone; ada applies too (her
 * data must stay).
 */
export interface SeededApplicant {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  response: ApplicationResponse;
  fileId: string;
  /** ada's application, left alone. */
  other: ApplicationResponse;
}

export const ERASED_NAME = { firstName: 'Zelda', lastName: 'Quibble' } as const;

/**
 * Seeds it all (see SeededApplicant) with eve's decisions `decision` and ada's accepted; `released`:
 * the form's decisions are released (its release cancels the booking still to come, with emails).
 * The harness needs a file store that keeps bytes.
 */
export async function seedEverything(
  harness: Harness,
  options: { released: boolean; decision?: 'denied' | 'waitlist' },
): Promise<SeededApplicant> {
  const eve = harness.as('eve');
  await eve.post('/auth/update', { email: 'eve@example.com', ...ERASED_NAME }).expect(200);
  const other = await submitApplication(harness, 'ada');

  const started = await startResponse(harness, 'eve');
  const uploaded = await request(harness.server)
    .post(`/api/files/${started.id}/resume`)
    .set('Authorization', 'Bearer token-eve')
    .set('Content-Type', 'application/pdf')
    .set('X-File-Name', 'zelda-quibble-resume.pdf')
    .send(Buffer.from('%PDF-1.4\nZelda Quibble\n%%EOF\n'));
  if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status} ${uploaded.text}`);
  const fileId = (uploaded.body as { id: string }).id;
  const complete = withAnswer(await completeResponse(harness, started), 'about-you', 'resume', fileId);
  const submitted = await eve.post('/application/submit', complete);
  if (submitted.status !== 200) throw new Error(`submit: ${submitted.status} ${submitted.text}`);
  const response = submitted.body as ApplicationResponse;

  // A review naming her in its comments, a conflict declared by her email.
  const [review] = await assign(harness, [{ responseId: response.id, role: 'engineer', staffId: 'rita' }]);
  await harness
    .as('rita')
    .post(`/admin/assessments/review/${review!.id}/submit`, {
      scores: { motivation: 2, experience: 1, communication: 2 },
      comments: 'Zelda Quibble explained little.',
      version: 0,
    })
    .expect(200);
  await harness
    .as('rob')
    .post('/admin/conflicts', { email: 'eve@example.com', reason: 'Zelda is my flatmate' })
    .expect(201);
  // A note on her application naming her, which mentions rita (an email to rita about it).
  await harness
    .as('dora')
    .post(`/admin/responses/${response.id}/notes`, { text: 'Zelda Quibble asked to move her interview. @rita Tester' })
    .expect(201);

  // A tag named after her on her row (its name is rewritten, her row goes with its tags).
  const tag = await harness
    .as('dora')
    .post(`/admin/forms/${FORM_ID}/tags`, { name: 'Ask Zelda again', color: '#1f4d3f' })
    .expect(201);
  await harness
    .as('dora')
    .post(`/admin/forms/${FORM_ID}/rows/tags`, {
      rows: [`${response.id}__engineer`],
      tagId: (tag.body as { id: string }).id,
      tagged: true,
    })
    .expect(200);

  // Invited (an email), booked (emails to her and to rita, an audit entry), then decided.
  await harness.as('dora').put(`/admin/rows/${response.id}/engineer/qualified`, { qualified: true }).expect(200);
  const slot = await publishSlot(harness, { capacity: 2 });
  await eve.put(`/interviews/${FORM_ID}/booking`, { slotId: slot.id }).expect(200);
  // rita's digest, which lists her interview of Zelda.
  const digest = await harness.as('dora').post(`/admin/forms/${FORM_ID}/reviewer-digest`, { staffId: 'rita' });
  if (digest.status !== 201 || digest.body.sent !== 1) throw new Error(`digest: ${digest.status} ${digest.text}`);
  const decision = options.decision ?? 'denied';
  for (const role of ['engineer', 'bootcamp']) {
    await harness.as('dora').put(`/admin/rows/${response.id}/${role}/decision`, { decision }).expect(200);
    await harness.as('dora').put(`/admin/rows/${other.id}/${role}/decision`, { decision: 'accepted' }).expect(200);
  }
  if (options.released) await harness.as('dora').post(`/admin/forms/${FORM_ID}/release`, {}).expect(200);

  const { firstName, lastName } = ERASED_NAME;
  return { userId: 'eve', email: 'eve@example.com', firstName, lastName, response, fileId, other };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Every document of every collection of the store, and every stored file's path, that still names
 * the applicant: by their user id (standing alone, so "eve" is not found in "every"), email, first or
 * last name, response id or file id. The deleted-user marker is under a hash of the id, and the
 * rate-limit counters under hashes of their keys: neither names anyone.
 */
export async function tracesOf(harness: Harness, seeded: SeededApplicant, filesRoot?: string): Promise<string[]> {
  const patterns = [
    new RegExp(`(?<![\\p{L}\\p{N}])${escape(seeded.userId)}(?![\\p{L}\\p{N}])`, 'u'),
    ...[seeded.email, seeded.firstName, seeded.lastName, seeded.response.id, seeded.fileId].map(
      (text) => new RegExp(escape(text), 'iu'),
    ),
  ];
  const found: string[] = [];
  for (const collection of Object.values(COLLECTIONS)) {
    for (const { id, data } of (await harness.store.query(collection)).items) {
      const text = `${id} ${JSON.stringify(data)}`;
      const hits = patterns.filter((pattern) => pattern.test(text)).map((pattern) => pattern.source);
      if (hits.length > 0) found.push(`${collection}/${id}: ${hits.join(', ')}`);
    }
  }
  if (filesRoot) {
    for (const name of fs.readdirSync(filesRoot, { recursive: true }).map(String)) {
      if (name.includes(seeded.response.id) || name.includes(seeded.fileId)) found.push(`file ${name}`);
      const file = path.join(filesRoot, name);
      if (!fs.statSync(file).isFile()) continue;
      // Their contents too: a ZIP export names each applicant's folder (its names are stored as text).
      const text = fs.readFileSync(file).toString('latin1');
      const hits = patterns.filter((pattern) => pattern.test(text)).map((pattern) => pattern.source);
      if (hits.length > 0) found.push(`file ${name} holds ${hits.join(', ')}`);
    }
  }
  return found;
}
