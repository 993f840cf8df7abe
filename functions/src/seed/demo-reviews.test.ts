import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import type request from 'supertest';
import {
  checkAnswers,
  formRoleIds,
  type ApplicationForm,
  type ApplicationResponse,
  type DashboardRowView,
  type Page,
  type StaffMember,
} from '@portal/shared/domain';
import { createLocalFileStore } from '../files/local-file-store';
import { createHarness, FORM_ID, START, type Harness } from '../testing/api-harness';
import { DEMO_USERS } from './demo-accounts';
import { DEMO_DISAGREEMENT_THRESHOLD, seedDemoReviews } from './demo-reviews';
import { COLLECTIONS } from '../store/collections';
import { userRecord } from '../users/users.repository';

let harness: Harness;
let filesRoot: string;
beforeEach(async () => {
  filesRoot = mkdtempSync(path.join(os.tmpdir(), 'portal-demo-files-'));
  const files = createLocalFileStore({ root: filesRoot });
  harness = await createHarness({ files });
  // As seed-demo-data.ts stores them.
  for (const user of DEMO_USERS) await harness.store.set(COLLECTIONS.users, user.id, userRecord(user));
  await seedDemoReviews({ store: harness.store, files, now: START });
});
afterEach(async () => {
  await harness.close();
  rmSync(filesRoot, { recursive: true, force: true });
});

async function sampleResponses(): Promise<ApplicationResponse[]> {
  const { items } = await harness.store.query<ApplicationResponse>(COLLECTIONS.responses, {
    where: [{ field: 'applicationFormId', value: FORM_ID }],
  });
  return items.map(({ data }) => data).filter((response) => response.userId.startsWith('demo-sample-'));
}

function binary(res: request.Response, callback: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}

describe('the demo reviews (npm start)', () => {
  it('show calibrated scores that differ from the raw ones, and exactly one flagged disagreement', async () => {
    const res = await harness.as('dora').get(`/admin/forms/${FORM_ID}/rows?limit=25`);
    expect(res.status).toBe(200);
    const rows = (res.body as Page<DashboardRowView>).items;
    expect(rows).toHaveLength(6);
    expect(rows.every((row) => row.reviewsDone === 2 && row.reviewScore !== null)).toBe(true);
    expect(rows.filter((row) => row.calibratedReviewScore !== row.reviewScore).length).toBeGreaterThan(3);
    const flagged = rows.filter((row) => row.disagreement);
    expect(flagged.map((row) => row.applicantName)).toEqual(['Sample Quinn']);
    expect(flagged[0]!.calibratedSpread).toBeGreaterThan(DEMO_DISAGREEMENT_THRESHOLD);
  });

  it("lower the lenient reviewer's applicants and lift the harsh reviewer's", async () => {
    const res = await harness.as('dora').get(`/admin/forms/${FORM_ID}/rows?limit=25`);
    const byName = Object.fromEntries(
      (res.body as Page<DashboardRowView>).items.map((row) => [row.applicantName, row]),
    );
    // Lee (lenient) and Riley reviewed Adams: Lee's 4 counts for less. Harper (harsh) and Riley reviewed Chen: Harper's 1 counts for more.
    expect(byName['Sample Adams']!.calibratedReviewScore!).toBeLessThan(byName['Sample Adams']!.reviewScore!);
    expect(byName['Sample Chen']!.calibratedReviewScore!).toBeGreaterThan(byName['Sample Chen']!.reviewScore!);
  });

  it("put every sample person on the director's Users page, found by name", async () => {
    const res = await harness.as('dora').get('/admin/users?limit=100');
    expect(res.status).toBe(200);
    const listed = (res.body as Page<StaffMember>).items.map((user) => user.id);
    const seeded = [
      ...DEMO_USERS.map((user) => user.id),
      'demo-reviewer-lenient',
      'demo-reviewer-harsh',
      ...[1, 2, 3, 4, 5, 6].map((n) => `demo-sample-${n}`),
    ];
    expect(seeded.filter((id) => !listed.includes(id))).toEqual([]);
    const harper = await harness.as('dora').get('/admin/users?search=harper');
    expect((harper.body as Page<StaffMember>).items.map((user) => user.id)).toEqual(['demo-reviewer-harsh']);
  });

  it("give each sample application answers that keep the form's rules, in the sections its role shows", async () => {
    const form = (await harness.store.get<ApplicationForm>(COLLECTIONS.forms, FORM_ID))!;
    const samples = await sampleResponses();
    expect(samples).toHaveLength(6);
    for (const sample of samples) {
      // Every question is answered, the resume too.
      const issues = checkAnswers(form, sample.sectionResponses, { mode: 'submit', teamRoles: formRoleIds(form) });
      expect({ user: sample.userId, issues: issues.map((issue) => issue.path) }).toEqual({
        user: sample.userId,
        issues: [],
      });
    }
  });

  it('give each sample application a one-page PDF resume that staff open from the application', async () => {
    const samples = await sampleResponses();
    for (const sample of samples) {
      const fileId = sample.sectionResponses
        .find((section) => section.sectionId === 'about-you')!
        .questions.find((question) => question.questionId === 'resume')!.response as string;
      const user = (await harness.store.get<{ firstName: string; lastName: string }>(
        COLLECTIONS.users,
        sample.userId,
      ))!;

      const meta = await harness.as('dora').get(`/files/${fileId}/meta`);
      expect(meta.status).toBe(200);
      expect(meta.body).toMatchObject({
        responseId: sample.id,
        ownerId: sample.userId,
        questionId: 'resume',
        name: `${user.firstName}-${user.lastName}-resume.pdf`,
        contentType: 'application/pdf',
      });

      const download = await harness.as('dora').get(`/files/${fileId}`).buffer(true).parse(binary);
      expect(download.status).toBe(200);
      expect(download.headers['content-type']).toMatch(/^application\/pdf/);
      const bytes = download.body as Buffer;
      expect(bytes.length).toBe(meta.body.size);
      const pdf = await PDFDocument.load(bytes);
      expect(pdf.getPageCount()).toBe(1);
      expect(pdf.getTitle()).toBe(`${user.firstName} ${user.lastName}: sample resume`);
    }
  });
});
