import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import AdmZip from 'adm-zip';
import { parse } from 'csv-parse/sync';
import type request from 'supertest';
import { exportFileName } from '@portal/shared/domain';
import { longForm } from '../testing/long-form';
import { createLocalFileStore } from '../files/local-file-store';
import type { FileStore } from '../files/file-store';
import { FORM_MESSAGES } from '../forms/forms.service';
import { COLLECTIONS } from '../store/collections';
import type { DocumentStore, QuerySpec } from '../store/document-store';
import { createHarness, FORM_ID, START, type Harness } from '../testing/api-harness';
import { binaryBody, sectionResponsesFor, seedAnsweredApplications, storeUpload } from '../testing/export-fixtures';
import { assign, seedApplication, submitApplication } from '../testing/staff-fixtures';
import { EXPORT_PAGE_SIZE } from './exports.repository';
import { EXPORT_README_NAME } from './export-notice';
import { testSqliteStore } from '../testing/test-store';

jest.setTimeout(60_000);

const CSV = `/admin/forms/${FORM_ID}/export/applications.csv`;
const ZIP = `/admin/forms/${FORM_ID}/export/files.zip`;
const PACK = `/admin/forms/${FORM_ID}/export/files`;

/** The records after the export's notice, its first record (a comment of the header's width: export-notice.ts). */
const rowsOf = (res: request.Response) => {
  const [notice, ...rows] = parse(res.text, { bom: true, relax_column_count: false }) as string[][];
  expect(notice![0]).toMatch(/^# Exported from the application portal on \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\. /);
  expect(notice!.slice(1).every((cell) => cell === '')).toBe(true);
  return rows;
};
const column = (rows: string[][], name: string) => rows[0]!.indexOf(name);
const cell = (rows: string[][], applicant: string, name: string, role = 'Engineer') =>
  rows.find((row) => row[0] === applicant && row[2] === role)?.[column(rows, name)];

const zipOf = async (test: request.Test) => {
  const res = await test.buffer(true).parse(binaryBody);
  return { res, zip: new AdmZip(res.body as Buffer) };
};

let harness: Harness;
let files: FileStore;
let root: string;

/** Packs the form's files (its job done within the request here) and downloads the ZIP. */
async function exportedZip() {
  const packed = await harness.as('dora').post(PACK);
  expect(packed.status).toBe(200);
  return zipOf(harness.as('dora').get(ZIP));
}

async function setUp(store?: DocumentStore) {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-export-'));
  files = createLocalFileStore({ root });
  harness = await createHarness({ files, ...(store ? { store } : {}) });
}

afterEach(async () => {
  await harness.close();
  await fs.rm(root, { recursive: true, force: true });
});

describe('GET /admin/forms/{formId}/export/applications.csv', () => {
  beforeEach(() => setUp());

  it('has one record per application and role: applicant, roles, status, every answer as text, each review, scores and decision', async () => {
    const ada = await submitApplication(harness, 'ada');
    await submitApplication(harness, 'eve');
    const [review] = await assign(harness, [{ responseId: ada.id, role: 'engineer', staffId: 'rita' }]);
    const scores = { motivation: 4, experience: 2, communication: 3 };
    const submitted = await harness
      .as('rita')
      .post(`/admin/assessments/review/${review!.id}/submit`, { scores, comments: 'Strong project', version: 0 });
    expect(submitted.status).toBe(200);
    await harness.as('dora').put(`/admin/rows/${ada.id}/engineer/qualified`, { qualified: true });
    await harness.as('dora').put(`/admin/rows/${ada.id}/engineer/decision`, { decision: 'accepted' });

    const res = await harness.as('dora').get(CSV);

    expect(res.status).toBe(200);
    expect(res.type).toBe('text/csv');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${exportFileName(harness.form.semester, 'applications', START)}"`,
    );
    const rows = rowsOf(res);
    const questions = harness.form.sections.flatMap((section) => section.questions.map((q) => q.questionText));
    expect(rows[0]).toEqual([
      'Applicant',
      'Email',
      'Role',
      'Roles applied',
      'Application status',
      'Submitted at',
      'Decision',
      'Qualified',
      'Review score',
      'Interview score',
      'Offer reply',
      ...questions,
      'Review 1: reviewer',
      'Review 1: state',
      'Review 1: Motivation for social impact',
      'Review 1: Relevant experience',
      'Review 1: Clear communication',
      'Review 1: comments',
    ]);
    expect(rows.slice(1).map((row) => `${row[0]} ${row[2]}`)).toEqual([
      'ada Tester Bootcamp',
      'ada Tester Engineer',
      'eve Tester Bootcamp',
      'eve Tester Engineer',
    ]);
    const ada1 = (name: string) => cell(rows, 'ada Tester', name);
    expect(ada1('Email')).toBe('ada@example.com');
    expect(ada1('Roles applied')).toBe('Engineer; Bootcamp');
    expect(ada1('Application status')).toBe('In review');
    expect(ada1('Decision')).toBe('Accepted');
    expect(ada1('Qualified')).toBe('yes');
    expect(ada1('Review score')).toBe('3.25');
    expect(ada1('Offer reply')).toBe('pending');
    expect(ada1('What name do you go by?')).toBe('Nova');
    expect(ada1('Which causes matter most to you?')).toBe('Education; Health');
    expect(ada1('Which roles are you applying for?')).toBe('Engineer; Bootcamp');
    expect(ada1('Upload your resume (PDF, up to 10 MB)')).toBe('resume.pdf');
    expect(ada1('Anything else we should know?')).toBe('');
    expect(ada1('Review 1: reviewer')).toBe('rita Tester');
    expect(ada1('Review 1: state')).toBe('Submitted');
    expect(ada1('Review 1: Motivation for social impact')).toBe('4');
    expect(ada1('Review 1: comments')).toBe('Strong project');
    expect(cell(rows, 'eve Tester', 'Review 1: reviewer')).toBe('');
    expect(cell(rows, 'eve Tester', 'Decision', 'Bootcamp')).toBe('Not reviewed');
  });

  it('neutralizes every cell a spreadsheet would run as a formula (OWASP CSV injection)', async () => {
    const hostile = ['=HYPERLINK("http://evil.example.com","x")', '+1+2', '-2+3', '@SUM(A1)', '\tx', '\rx', '＝1+1'];
    const response = await seedApplication(harness, { id: 'mal', firstName: '=cmd|', lastName: "'/C calc'!A0" }, [
      'engineer',
    ]);
    await harness.store.update(COLLECTIONS.responses, response.id, {
      sectionResponses: sectionResponsesFor(harness.form, {
        'preferred-name': hostile[0]!,
        'why-join': hostile[1]!,
        project: hostile[2]!,
        github: hostile[3]!,
        portfolio: hostile[4]!,
        'design-process': hostile[5]!,
        stakeholders: hostile[6]!,
        interests: ['=1+1', 'Health'],
      }),
    });

    const rows = rowsOf(await harness.as('dora').get(CSV));

    const record = rows[1]!;
    expect(record[0]).toBe(`'=cmd| '/C calc'!A0`);
    for (const [question, text] of [
      ['What name do you go by?', hostile[0]],
      ['Why do you want to build software for nonprofits?', hostile[1]],
      ['Tell us about a project you built.', hostile[2]],
      ['Link to your code', hostile[3]],
      ['Link to your portfolio', hostile[4]],
      ['Walk us through your design process.', hostile[5]],
      ['How would you work with a nonprofit partner?', hostile[6]],
    ] as const) {
      expect({ question, value: record[column(rows, question)] }).toEqual({ question, value: `'${text}` });
    }
    expect(record[column(rows, 'Which causes matter most to you?')]).toBe(`'=1+1; Health`);
    // Text that only contains the characters further in is left as it is.
    expect(record[column(rows, 'Email')]).toBe('mal@example.com');
  });

  it('is a header alone for a form without applications', async () => {
    const res = await harness.as('dora').get(CSV);

    expect(res.status).toBe(200);
    expect(rowsOf(res)).toEqual([expect.arrayContaining(['Applicant', 'What name do you go by?'])]);
  });

  it('answers 404 with the form message for an unknown or impossible form id, and 400 for a malformed escape', async () => {
    for (const id of ['no-such-form', 'not%20an%20id']) {
      const res = await harness.as('dora').get(`/admin/forms/${id}/export/applications.csv`);
      expect({ id, status: res.status, message: res.body.error?.message }).toEqual({
        id,
        status: 404,
        message: FORM_MESSAGES.noForm,
      });
    }
    expect((await harness.as('dora').get('/admin/forms/%E0%A4%A/export/applications.csv')).status).toBe(400);
  });

  it('is for the super-reviewer alone', async () => {
    await submitApplication(harness, 'ada');
    expect((await harness.as('ada').get(CSV)).status).toBe(403);
    expect((await harness.as('rita').get(CSV)).status).toBe(403);
  });
});

describe('a chapter-sized form (64 questions) over several store pages', () => {
  const queries: QuerySpec[] = [];

  beforeEach(async () => {
    queries.length = 0;
    const sqlite = testSqliteStore();
    await setUp({
      ...sqlite,
      query: (collection, spec) => {
        if (collection === COLLECTIONS.reviewStatuses) queries.push(spec ?? {});
        return sqlite.query(collection, spec);
      },
    });
  });

  it('streams every application in name order, each with its 64 answers', async () => {
    const form = { ...longForm(new Date('2026-04-01T00:00:00Z')), id: FORM_ID };
    const questions = form.sections.flatMap((section) => section.questions);
    expect(questions).toHaveLength(64);
    const applicants = Array.from({ length: 130 }, (_, n) => `applicant-${String(n).padStart(3, '0')}`);
    await seedAnsweredApplications(harness, form, applicants, (id, questionId) => `${id} ${questionId}`);
    queries.length = 0;

    const rows = rowsOf(await harness.as('dora').get(CSV));

    expect(rows[0]!.slice(11)).toEqual(questions.map((q) => q.questionText));
    expect(rows).toHaveLength(1 + 260);
    expect(rows.slice(1).map((row) => `${row[0]}/${row[2]}`)).toEqual(
      applicants.flatMap((id) => [`${id} Long/Bootcamp`, `${id} Long/Engineer`]),
    );
    for (const row of rows.slice(1)) {
      const id = row[0]!.replace(' Long', '');
      expect(row.slice(11)).toEqual(
        questions.map((q) =>
          // The file question's answer names no stored file here: an empty cell.
          q.questionType === 'role-select'
            ? 'Engineer; Bootcamp'
            : q.questionType === 'file-upload'
              ? ''
              : `${id} ${q.questionId}`,
        ),
      );
    }
    // Read a page at a time, never the whole form: 3 pages for the review counts, then 3 for the records.
    expect(queries.every((spec) => spec.limit === EXPORT_PAGE_SIZE)).toBe(true);
    expect(queries.length).toBeGreaterThanOrEqual(6);
  });
});

describe('POST /admin/forms/{formId}/export/files, then GET …/export/files.zip', () => {
  beforeEach(() => setUp());

  const PDF = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);

  async function applicantWithFiles(id: string, uploads: Record<string, string>) {
    const response = await seedApplication(harness, { id, firstName: id, lastName: 'Tester' }, [
      'engineer',
      'bootcamp',
    ]);
    const answers: Record<string, string> = {};
    for (const [questionId, name] of Object.entries(uploads)) {
      const file = await storeUpload(harness, files, {
        ownerId: id,
        responseId: response.id,
        questionId,
        name,
        content: PDF(`${id} ${questionId}`),
      });
      answers[questionId] = file.id;
    }
    await harness.store.update(COLLECTIONS.responses, response.id, {
      sectionResponses: sectionResponsesFor(harness.form, answers),
    });
    return response;
  }

  it('holds each applicant’s uploads in a folder of their own, once per applicant whatever their roles', async () => {
    await applicantWithFiles('ada', { resume: 'Ada resume.pdf' });
    await applicantWithFiles('eve', { resume: 'cv.pdf' });
    await seedApplication(harness, { id: 'bob', firstName: 'bob', lastName: 'Tester' }, ['engineer']);

    const { res, zip } = await exportedZip();

    expect(res.status).toBe(200);
    expect(res.type).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${exportFileName(harness.form.semester, 'files', START)}"`,
    );
    expect(zip.getEntries().map((entry) => entry.entryName)).toEqual([
      EXPORT_README_NAME,
      'ada Tester (ada@example.com)/Ada resume.pdf',
      'eve Tester (eve@example.com)/cv.pdf',
    ]);
    expect(zip.readAsText('eve Tester (eve@example.com)/cv.pdf')).toBe(PDF('eve resume').toString());
  });

  it('keeps hostile names inside the applicant’s folder and tells same-named files apart', async () => {
    const form = structuredClone(harness.form);
    form.sections[0]!.questions.push({ ...form.sections[0]!.questions[2]!, questionId: 'cover-letter' } as never);
    await harness.store.set(COLLECTIONS.forms, FORM_ID, form);
    harness.form = form;
    await applicantWithFiles('ada', { resume: 'CV.pdf', 'cover-letter': 'cv.pdf' });
    const mallory = await seedApplication(harness, { id: 'mal', firstName: '../../..', lastName: '/etc' }, [
      'engineer',
    ]);
    const file = await storeUpload(harness, files, {
      ownerId: 'mal',
      responseId: mallory.id,
      questionId: 'resume',
      name: '../../../etc/passwd',
      content: PDF('mal'),
    });
    await harness.store.update(COLLECTIONS.responses, mallory.id, {
      sectionResponses: sectionResponsesFor(form, { resume: file.id }),
    });

    const { zip } = await exportedZip();

    const names = zip.getEntries().map((entry) => entry.entryName);
    // Mallory's name, "../../.. /etc", sorts first.
    expect(names).toEqual([
      EXPORT_README_NAME,
      'etc (mal@example.com)/etc_passwd',
      'ada Tester (ada@example.com)/CV.pdf',
      'ada Tester (ada@example.com)/cv (2).pdf',
    ]);
    for (const name of names) {
      expect(name.split('/').every((segment) => segment !== '..' && segment !== '.' && segment !== '')).toBe(true);
    }
  });

  it('holds many applicants’ files, one after another', async () => {
    const ids = Array.from({ length: 25 }, (_, n) => `applicant-${String(n).padStart(2, '0')}`);
    for (const id of ids) await applicantWithFiles(id, { resume: 'resume.pdf' });

    const { zip } = await exportedZip();

    expect(zip.getEntries().map((entry) => entry.entryName)).toEqual([
      EXPORT_README_NAME,
      ...ids.map((id) => `${id} Tester (${id}@example.com)/resume.pdf`),
    ]);
  });

  it('is a valid empty ZIP for a form without uploads', async () => {
    const { res, zip } = await exportedZip();

    expect(res.status).toBe(200);
    expect(zip.getEntries().map((entry) => entry.entryName)).toEqual([EXPORT_README_NAME]);
    expect(zip.readAsText(EXPORT_README_NAME)).toMatch(
      /^Exported from the application portal on 2026-03-01 12:00 UTC\. .*the club's responsibility/,
    );
  });

  it('is for the super-reviewer alone, and 404 for an unknown form', async () => {
    expect((await harness.as('rita').get(ZIP)).status).toBe(403);
    const missing = await harness.as('dora').get('/admin/forms/no-such-form/export/files.zip');
    expect({ status: missing.status, message: missing.body.error?.message }).toEqual({
      status: 404,
      message: FORM_MESSAGES.noForm,
    });
  });
});
