import pino from 'pino';
import { COLLECTIONS } from '../store/collections';
import { FORM_ID, testUser, withAnswers, words } from '../testing/api-harness';
import { createFixture, REVIEW_SCORES, UPLOADED_FILE_NAME, type Fixture } from '../testing/security/fixtures';
import { assign } from '../testing/staff-fixtures';
import { userRecord } from '../users/users.repository';

/**
 * No personal data in the API's logs (docs/security.md, "What the logs hold"): a whole cycle (an
 * applicant's answers and resume, a reviewer's comments, the director's searches by name and email,
 * exports, a decision and its release, and requests refused as bad input), then every line the API
 * logged, at every level, is scanned for each value a person typed.
 */

jest.setTimeout(60_000);

const FIRST = 'Zelphira';
const LAST = 'Quennell';
const EMAIL = 'ada@example.com';
const PREFERRED = 'Quillonne';
const WHY = words(25, 'marigold');
const PROJECT = words(35, 'lanternfish');
const COMMENT = 'Remarkable tidepool robotics portfolio';

const lines: string[] = [];
const logger = pino({ level: 'trace' }, { write: (line: string) => void lines.push(line) });
let f: Fixture;

beforeAll(async () => {
  f = await createFixture('draft', { logger });
  const { harness } = f;
  await harness.store.set(
    COLLECTIONS.users,
    'ada',
    userRecord({ ...testUser('ada'), firstName: FIRST, lastName: LAST, activeApplications: [FORM_ID] }),
  );
  const answers = withAnswers(f.response, {
    'about-you.preferred-name': PREFERRED,
    'motivation.why-join': WHY,
    'engineering.project': PROJECT,
  });
  const as = (caller: Parameters<typeof harness.as>[0]) => harness.as(caller);
  // The applicant: saves, a save refused as bad input (with their answers in it), the submit.
  const saved = await as('ada').put(`/application/save/${f.responseId}`, answers);
  expect(saved.status).toBe(200);
  expect(
    (await as('ada').put(`/application/save/${f.responseId}`, { ...answers, version: 'not a number' })).status,
  ).toBe(400);
  const submit = await as('ada').post('/application/submit', { ...answers, version: saved.body.version });
  expect(submit.status).toBe(200);
  // A reviewer's review, with comments.
  const [review] = await assign(harness, [{ responseId: f.responseId, role: 'engineer', staffId: 'rita' }], 'review');
  const submitted = await as('rita').post(`/admin/assessments/review/${review!.id}/submit`, {
    scores: REVIEW_SCORES,
    comments: COMMENT,
    version: 0,
  });
  expect(submitted.status).toBe(200);
  // The director: searches by name and email (rows, users, reviews), the application, the file, exports.
  for (const search of [FIRST, LAST, EMAIL, `${FIRST} ${LAST}`]) {
    const query = encodeURIComponent(search);
    expect((await as('dora').get(`/admin/forms/${FORM_ID}/rows?search=${query}`)).status).toBe(200);
    expect((await as('dora').get(`/admin/users?search=${query}`)).status).toBe(200);
    expect((await as('rita').get(`/admin/forms/${FORM_ID}/assessments?kind=review&search=${query}`)).status).toBe(200);
  }
  expect((await as('dora').get(`/admin/responses/${f.responseId}`)).status).toBe(200);
  expect((await as('dora').get(`/files/${f.fileId}`)).status).toBe(200);
  expect((await as('dora').get(`/admin/forms/${FORM_ID}/export/applications.csv`)).status).toBe(200);
  // A bad query with personal data in it, and decisions released.
  expect((await as('dora').get(`/admin/forms/${FORM_ID}/rows?search=${EMAIL}&sort=${FIRST}`)).status).toBe(400);
  for (const [role, decision] of [
    ['engineer', 'accepted'],
    ['bootcamp', 'denied'],
  ] as const) {
    expect((await as('dora').put(`/admin/rows/${f.responseId}/${role}/decision`, { decision })).status).toBe(200);
  }
  expect((await as('dora').post(`/admin/forms/${FORM_ID}/release`, {})).status).toBe(200);
  expect((await as('ada').get(`/responses/${f.responseId}/decisions/engineer`)).status).toBe(200);
});
afterAll(() => f?.harness.close());

test('the cycle was logged: one line per request at least', () => {
  expect(lines.length).toBeGreaterThan(20);
  expect(lines.some((line) => line.includes('/rows'))).toBe(true);
});

test.each([
  ['first name', FIRST],
  ['last name', LAST],
  ['email', EMAIL],
  ['email as a URL encodes it', encodeURIComponent(EMAIL)],
  ['an answer typed', PREFERRED],
  ['an essay', 'marigold7'],
  ['another essay', 'lanternfish12'],
  ["the uploaded file's name", UPLOADED_FILE_NAME],
  ["a reviewer's comment", 'tidepool'],
])('no log line holds the %s', (_what, value) => {
  const found = lines.filter((line) => line.toLowerCase().includes(value.toLowerCase()));
  expect(found).toEqual([]);
});
