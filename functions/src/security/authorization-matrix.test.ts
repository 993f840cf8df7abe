import { createHash } from 'node:crypto';
import AdmZip from 'adm-zip';
import { applicantPseudonym, MY_DATA_JSON, type ApplicationForm, type MyData } from '@portal/shared/domain';
import type { OutboxMessage } from '../outbox/outbox';
import { COLLECTIONS } from '../store/collections';
import { FORM_ID } from '../testing/api-harness';
import {
  createFixture,
  expectStoreUnchanged,
  REVIEW_SCORES,
  snapshotStore,
  WHO,
  type Fixture,
  type Stage,
  type Who,
} from '../testing/security/fixtures';
import { call, callerOf, concretePath, FILE_READERS, MATRIX } from '../testing/security/route-matrix';
import { listRoutes } from '../testing/security/route-table';
import { binaryBody } from '../testing/export-fixtures';

/**
 * Every route the app registers, called by each kind of caller against a fresh fixture where the
 * route's target exists. Each cell of MATRIX states the status; any difference fails. A refused
 * call (4xx) must leave the store as it was.
 */

jest.setTimeout(60_000);

let registered: string[];

beforeAll(async () => {
  const fixture = await createFixture('draft');
  registered = listRoutes(fixture.harness.app);
  await fixture.harness.close();
});

describe('listRoutes', () => {
  it('finds routes of every router, under /api, with their methods', () => {
    expect(registered).toEqual(
      expect.arrayContaining([
        'GET /api/health',
        'POST /api/auth/register',
        'POST /api/files/:responseId/:questionId',
        'PUT /api/application/save/:responseId',
        'GET /api/admin/forms/:formId/rows',
        'DELETE /api/admin/assessments/:kind/:id',
        'PUT /api/users/:userId/preferences',
      ]),
    );
    expect(new Set(registered).size).toBe(registered.length);
    for (const key of registered) expect(key).toMatch(/^(GET|POST|PUT|PATCH|DELETE) \/api\/\S+$/);
  });
});

describe('authorization matrix', () => {
  it('has a row for exactly the routes the app registers', () => {
    expect(Object.keys(MATRIX).sort()).toEqual(registered);
  });

  const rows = Object.entries(MATRIX);

  it.each(rows)('%s', async (key, row) => {
    const cells = await Promise.all(
      WHO.map(async (who): Promise<[Who, number]> => {
        const fixture = await createFixture(row.stage ?? 'submitted');
        try {
          await row.prepare?.(fixture);
          const before = snapshotStore(fixture);
          let test = call(fixture.harness, callerOf(who), key, concretePath(key, fixture));
          if (row.upload) {
            test = test.set('Content-Type', 'application/pdf').set('X-File-Name', 'cv.pdf').send(PDF_BYTES);
          } else if (row.body) {
            test = test.send(row.body(fixture));
          }
          const res = await test;
          if (res.status >= 400 && res.status < 500) {
            // A refusal writes nothing and says why.
            expect({ who, error: res.body.error?.message?.length > 0 }).toEqual({ who, error: true });
            await expectStoreUnchanged({ who }, fixture, before);
          }
          return [who, res.status];
        } finally {
          await fixture.harness.close();
        }
      }),
    );
    expect(Object.fromEntries(cells)).toEqual(row.expect);
  });
});

const PDF_BYTES = Buffer.from('%PDF-1.4\n% matrix upload\n%%EOF\n');

describe('file downloads when the form hides the file question from reviewers', () => {
  const hideResume = async (fixture: Fixture) => {
    const form = (await fixture.harness.store.get(COLLECTIONS.forms, fixture.formId)) as ApplicationForm;
    await fixture.harness.store.update(COLLECTIONS.forms, fixture.formId, {
      sections: form.sections.map((section) => ({
        ...section,
        questions: section.questions.map((q) => (q.questionId === 'resume' ? { ...q, hiddenFromReviewers: true } : q)),
      })),
    });
  };

  it.each(['GET /api/files/:fileId/meta', 'GET /api/files/:fileId'])('%s', async (key) => {
    const cells = await Promise.all(
      WHO.map(async (who): Promise<[Who, number]> => {
        const fixture = await createFixture('submitted');
        try {
          await hideResume(fixture);
          const res = await call(fixture.harness, callerOf(who), key, concretePath(key, fixture));
          return [who, res.status];
        } finally {
          await fixture.harness.close();
        }
      }),
    );
    // rita, though assigned, learns nothing of it; the owner and the super-reviewer still read it.
    expect(Object.fromEntries(cells)).toEqual({ ...FILE_READERS, assignedReviewer: 404 });
  });
});

describe('decision letters reach an applicant only as their own letter, after release', () => {
  // A phrase of each demo letter (the form's letters as written, placeholders and all).
  const LETTER_PHRASES = ['Bootcamp guide', 'joining our project teams', 'on our waitlist', 'open days', '{firstName}'];
  const reads = Object.entries(MATRIX).filter(([key]) => key.startsWith('GET '));

  it.each(['decided', 'released'] as const)(
    'no read an applicant makes carries a letter (stage %s)',
    async (stage) => {
      const seen: string[] = [];
      for (const [key, row] of reads) {
        for (const who of ['owner', 'otherApplicant'] as const) {
          const fixture = await createFixture(stage);
          try {
            const res = await call(fixture.harness, callerOf(who), key, concretePath(key, fixture, row.query));
            const text = JSON.stringify(res.body ?? '') + (res.text ?? '');
            for (const phrase of LETTER_PHRASES) if (text.includes(phrase)) seen.push(`${who} ${key}: ${phrase}`);
          } finally {
            await fixture.harness.close();
          }
        }
      }
      // After release: ada's own decision for engineer (accepted), the project teams' letter filled in;
      // and her own data's ZIP (its my-data.json is stored as it is, so this reads it), with each of her
      // decisions and its letter: engineer's, and bootcamp's (denied: the open days).
      expect(seen).toEqual(
        stage === 'released'
          ? [
              'owner GET /api/account/data.zip: joining our project teams',
              'owner GET /api/account/data.zip: open days',
              'owner GET /api/responses/:responseId/decisions/:role: joining our project teams',
            ]
          : [],
      );
      // A fresh portal for each read and caller: about 3 s alone here, past 60 s once in CI beside tsc and lint.
    },
    180_000,
  );
});

describe('a search by what applicants wrote answers each caller as the listing it searches does', () => {
  it.each(['GET /api/admin/forms/:formId/rows', 'GET /api/admin/forms/:formId/assessments'])('%s', async (key) => {
    const row = MATRIX[key]!;
    const fixture = await createFixture('submitted');
    try {
      const cells: [Who, number][] = [];
      for (const who of WHO) {
        const path = concretePath(key, fixture, { ...row.query, search: 'impact0' });
        cells.push([who, (await call(fixture.harness, callerOf(who), key, path)).status]);
      }
      expect(Object.fromEntries(cells)).toEqual(row.expect);
    } finally {
      await fixture.harness.close();
    }
  });
});

describe('blind review: no answer a reviewer can reach names the applicant', () => {
  // ada's name and email as the store holds them, her identifying answer, and a file name that contains her name.
  const IDENTIFYING = ['ada tester', '"firstname":"ada"', 'ada@example.com', 'nova', 'ada-tester-cv'];
  // And what names her once matched elsewhere: her user id, as a value or part of a key, URL or header
  // (not followed by what makes it her name, email or file name, checked above), and her email's SHA-256
  // (any 16 hex digits of it: the whole hash, a prefix or a suffix).
  const EMAIL_HASH = createHash('sha256').update('ada@example.com').digest('hex');
  const IDENTIFIERS: [string, RegExp][] = [
    ['user id', /(?<![a-z0-9])ada(?![a-z0-9@ -])/],
    ['sha256(email)', new RegExp([0, 16, 32, 48].map((at) => EMAIL_HASH.slice(at, at + 16)).join('|'))],
  ];
  const blind = async (fixture: Fixture) => {
    const form = (await fixture.harness.store.get(COLLECTIONS.forms, fixture.formId)) as ApplicationForm;
    await fixture.harness.store.update(COLLECTIONS.forms, fixture.formId, {
      blindReview: { review: true, interview: true },
      // The demo form hides "About You" from reviewers; here they read it, less the identifying answer.
      sections: form.sections.map((section) => ({
        ...section,
        hiddenFromReviewers: false,
        questions: section.questions.map((q) => (q.questionId === 'preferred-name' ? { ...q, identifying: true } : q)),
      })),
    });
    await fixture.harness.store.update(COLLECTIONS.files, fixture.fileId, { name: 'Ada-Tester-CV.pdf' });
  };

  /** Every route of the matrix as `who`, at `stage`, on a blind form: what the answers said that they should not. */
  async function leaks(who: Who, stage: Stage): Promise<string[]> {
    const seen: string[] = [];
    for (const [key, row] of Object.entries(MATRIX)) {
      const fixture = await createFixture(row.stage ?? stage);
      try {
        await row.prepare?.(fixture);
        await blind(fixture);
        let test = call(fixture.harness, callerOf(who), key, concretePath(key, fixture, row.query));
        if (row.upload) test = test.set('Content-Type', 'application/pdf').send(PDF_BYTES);
        else if (row.body) test = test.send(row.body(fixture));
        const res = await test;
        const text = (JSON.stringify(res.body ?? '') + (res.text ?? '') + JSON.stringify(res.headers)).toLowerCase();
        for (const phrase of IDENTIFYING) if (text.includes(phrase)) seen.push(`${key}: ${phrase}`);
        for (const [what, pattern] of IDENTIFIERS) if (pattern.test(text)) seen.push(`${key}: ${what}`);
      } finally {
        await fixture.harness.close();
      }
    }
    return seen;
  }

  it.each(['submitted', 'reviewed'] as const)(
    'the assigned and another reviewer read nothing identifying (%s)',
    async (stage) => {
      expect([...(await leaks('assignedReviewer', stage)), ...(await leaks('unassignedReviewer', stage))]).toEqual([]);
    },
  );

  it('the super-reviewer still reads everything', async () => {
    const seen = await leaks('superReviewer', 'submitted');
    for (const phrase of [...IDENTIFYING, 'user id'])
      expect(seen.some((leak) => leak.endsWith(`: ${phrase}`))).toBe(true);
  });

  it("a reviewer's search on a blind stage finds nothing by the applicant's name, email or identifying answer", async () => {
    const fixture = await createFixture('submitted');
    try {
      await blind(fixture);
      const found = async (who: 'rita' | 'dora', path: string, search: string) => {
        const res = await fixture.harness.as(who).get(`${path}&search=${encodeURIComponent(search)}`);
        expect(res.status).toBe(200);
        return (res.body as { total: number }).total;
      };
      const named = ['ada', 'Ada Tester', 'tester', 'ada@example.com', 'ada@ex', 'example.com', 'nova', 'nova impact0'];
      for (const kind of ['review', 'interview']) {
        const list = `/admin/forms/${FORM_ID}/assessments?kind=${kind}`;
        const totals = Object.fromEntries(
          await Promise.all(named.map(async (search) => [search, await found('rita', list, search)] as const)),
        );
        expect({ kind, totals }).toEqual({ kind, totals: Object.fromEntries(named.map((search) => [search, 0])) });
        // What the reviewer may read finds the application: an answer's word, the pseudonym.
        expect(await found('rita', list, 'impact0')).toBe(1);
        expect(await found('rita', list, applicantPseudonym(fixture.responseId))).toBe(1);
      }
      // The super-reviewer's search finds her by all of it (an email by its prefixes).
      for (const search of named.filter((each) => each !== 'example.com'))
        expect(await found('dora', `/admin/forms/${FORM_ID}/rows?tab=all`, search)).toBe(2);
    } finally {
      await fixture.harness.close();
    }
  });

  it('a note naming a reviewer on a blind stage emails them the pseudonym, never the applicant', async () => {
    const fixture = await createFixture('submitted');
    try {
      await blind(fixture);
      const path = `/admin/responses/${fixture.responseId}/notes`;
      for (const [caller, text] of [
        ['dora', '@rita Tester, a question about the project'],
        ['rita', '@dora Tester, an answer'],
      ] as const) {
        expect((await fixture.harness.as(caller).post(path, { text })).status).toBe(201);
      }
      const emails = (await fixture.harness.store.query<OutboxMessage>(COLLECTIONS.outbox)).items
        .map((item) => item.data)
        .filter((message) => message.template === 'noteMention');
      const [toRita] = emails.filter((message) => message.to === 'rita@example.com');
      const read = (message: OutboxMessage) =>
        JSON.stringify([message.subject, message.html, message.text, message.data, message.attachments]).toLowerCase();
      const text = read(toRita!);
      expect([
        ...IDENTIFYING.filter((phrase) => text.includes(phrase)),
        ...IDENTIFIERS.filter(([, pattern]) => pattern.test(text)).map(([what]) => what),
      ]).toEqual([]);
      expect(toRita!.subject).toContain(applicantPseudonym(fixture.responseId));
      // The super-reviewer's email names her.
      expect(emails.find((message) => message.to === 'dora@example.com')!.subject).toContain('ada Tester');
    } finally {
      await fixture.harness.close();
    }
  });
});

describe('after release the review work is read-only: a save or a submit answers 409, as every other change', () => {
  it.each(['PUT /api/admin/assessments/:kind/:id', 'POST /api/admin/assessments/:kind/:id/submit'])(
    '%s',
    async (key) => {
      const cells = await Promise.all(
        (['assignedReviewer', 'superReviewer'] as const).map(async (who): Promise<[Who, number]> => {
          // rita's review is still a draft: only the release stands in the way.
          const fixture = await createFixture('released');
          try {
            const before = snapshotStore(fixture);
            const res = await call(fixture.harness, callerOf(who), key, concretePath(key, fixture)).send(
              MATRIX[key]!.body!(fixture),
            );
            await expectStoreUnchanged({ who }, fixture, before);
            return [who, res.status];
          } finally {
            await fixture.harness.close();
          }
        }),
      );
      expect(Object.fromEntries(cells)).toEqual({ assignedReviewer: 409, superReviewer: 409 });
    },
  );
});

describe("an inactive form's interviews tell no one but its applicants that it exists", () => {
  const KEYS = [
    'GET /api/interviews/:formId',
    'PUT /api/interviews/:formId/booking',
    'DELETE /api/interviews/:formId/booking',
  ];

  it.each(KEYS)('%s: every caller but ada gets what a form that does not exist gets', async (key) => {
    const row = MATRIX[key]!;
    const answer = async (who: Who, formId: string) => {
      const fixture = await createFixture(row.stage ?? 'submitted');
      try {
        await row.prepare?.(fixture);
        await fixture.harness.store.update(COLLECTIONS.forms, fixture.formId, { isActive: false });
        const path = concretePath(key, fixture).replace(`/${fixture.formId}`, `/${formId}`);
        let test = call(fixture.harness, callerOf(who), key, path);
        if (row.body) test = test.send(row.body(fixture));
        const res = await test;
        return { who, status: res.status, body: res.body as unknown };
      } finally {
        await fixture.harness.close();
      }
    };
    for (const who of WHO.filter((each) => each !== 'owner')) {
      expect(await answer(who, FORM_ID)).toEqual(await answer(who, 'no-such-form'));
    }
    // ada applied to it: her interviews stay hers.
    expect((await answer('owner', FORM_ID)).status).toBe(row.expect.owner);
  });
});

describe("Download my data: each caller gets their own data, never another's nor the review work", () => {
  const KEY = 'GET /api/account/data.zip';
  const COMMENT = 'A distinctive remark on the project';

  /** The caller's ZIP at `stage` (after `prepare`): its JSON, every entry's name, and all its text. */
  async function download(
    who: Exclude<Who, 'anonymous' | 'unverified'>,
    stage: Stage,
    prepare?: (fixture: Fixture) => Promise<void>,
  ) {
    const fixture = await createFixture(stage);
    try {
      await prepare?.(fixture);
      const res = await call(fixture.harness, callerOf(who), KEY, concretePath(KEY, fixture))
        .buffer(true)
        .parse(binaryBody);
      expect({ who, status: res.status }).toEqual({ who, status: 200 });
      const zip = new AdmZip(res.body as Buffer);
      const data = JSON.parse(zip.readAsText(MY_DATA_JSON)) as MyData;
      const text = zip
        .getEntries()
        .map((entry) => `${entry.entryName}\n${entry.getData().toString('utf8')}`)
        .join('\n')
        .toLowerCase();
      return { data, names: zip.getEntries().map((entry) => entry.entryName), text };
    } finally {
      await fixture.harness.close();
    }
  }

  /** rita submits her review with scores and a comment, dora decides both rows and releases. */
  const reviewedDecidedReleased = async (f: Fixture) => {
    const submitted = await f.harness
      .as('rita')
      .post(`/admin/assessments/review/${f.reviewId}/submit`, { scores: REVIEW_SCORES, comments: COMMENT, version: 0 });
    expect(submitted.status).toBe(200);
    for (const [role, decision] of [
      ['engineer', 'accepted'],
      ['bootcamp', 'denied'],
    ] as const) {
      expect(
        (await f.harness.as('dora').put(`/admin/rows/${f.responseId}/${role}/decision`, { decision })).status,
      ).toBe(200);
    }
    expect((await f.harness.as('dora').post(`/admin/forms/${f.formId}/release`, {})).status).toBe(200);
  };

  it.each(['assignedReviewer', 'unassignedReviewer', 'superReviewer', 'otherApplicant'] as const)(
    '%s reads nothing of ada in theirs',
    async (who) => {
      const { data, text } = await download(who, 'submitted', reviewedDecidedReleased);
      expect(data.account.id).toBe(callerOf(who));
      expect(data.applications).toEqual([]);
      for (const phrase of ['ada@example.com', 'nova', 'built0', 'resume.pdf', COMMENT.toLowerCase()]) {
        expect({ who, phrase, seen: text.includes(phrase) }).toEqual({ who, phrase, seen: false });
      }
    },
  );

  it('ada reads her application, file and decisions, and nothing of the review work (who, scores, comments)', async () => {
    const { data, names, text } = await download('owner', 'submitted', reviewedDecidedReleased);
    expect(data.account).toMatchObject({ id: 'ada', email: 'ada@example.com' });
    expect(names.sort()).toEqual(['files/resume.pdf', MY_DATA_JSON].sort());
    expect(data.applications).toHaveLength(1);
    expect(data.applications[0]!.decisions.map((each) => [each.role, each.decision])).toEqual([
      ['Engineer', 'Accepted'],
      ['Bootcamp', 'Denied'],
    ]);
    // rita reviewed it and interviews it, dora decided: their ids, names and emails, the review's
    // scores and comment, are nowhere.
    for (const phrase of ['rita', 'dora', COMMENT.toLowerCase(), '"scores"', '"comments"', 'communication', 'staff']) {
      expect({ phrase, seen: text.includes(phrase) }).toEqual({ phrase, seen: false });
    }
  });

  it.each(['submitted', 'decided'] as const)('ada reads no decision before the release (%s)', async (stage) => {
    const { data, text } = await download('owner', stage);
    expect(data.applications[0]).toMatchObject({ status: 'In review', decisionsReleased: false, decisions: [] });
    for (const phrase of ['accepted', 'denied', 'joining our project teams', 'decided']) {
      expect({ stage, phrase, seen: text.includes(phrase) }).toEqual({ stage, phrase, seen: false });
    }
  });
});
