import path from 'node:path';
import { ROW_FILTERS, ROW_SORTS, ROW_TABS, USER_ROLES } from '@portal/shared/domain';
import { createScheduler } from '../scheduler/scheduler';
import { COLLECTIONS } from './collections';
import { createHarness, FORM_ID, type Harness } from '../testing/api-harness';
import { createMemoryFileStore } from '../testing/memory-file-store';
import { assign, submitApplication } from '../testing/staff-fixtures';
import { demoForm } from '../seed/demo-form';
import express from 'express';
import request from 'supertest';
import { localMailboxHandler } from '../local/local-mailbox';
import { createOutboxSender, localTransport, recordDeliveryFailures } from '../outbox/outbox-sender';
import { DEFAULT_MAIL_SETTINGS } from '../outbox/outbox';
import { composeStaff } from '../staff/compose-staff';
import { isRangeFilter, type DocumentStore, type EqualityFilter, type StoreTransaction } from './document-store';
import {
  describeRequirement,
  requiredIndex,
  satisfies,
  type CompositeIndex,
  type IndexedQuery,
  type Requirement,
  readIndexFile,
  readIndexDeclarations,
} from './firestore-indexes';

const INDEX_FILE = path.resolve(__dirname, '../../../firestore.indexes.json');
import { createSqliteStore } from './sqlite-store';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import Database from 'better-sqlite3';
import { buildQuery, elementKey } from './sqlite-query';
import { indexChooser, sqliteElementIndexes, sqliteIndexes } from './sqlite-indexes';

/**
 * Every query the API sends must have its composite index in firestore.indexes.json, or Firestore
 * refuses it in production (FAILED_PRECONDITION). The API runs here over SQLite behind a proxy that
 * records each query and count; from each, the index Firestore would need is derived and looked up.
 */

function recording(store: DocumentStore, recorded: IndexedQuery[]): DocumentStore {
  return {
    ...store,
    get: (collection, id) => store.get(collection, id),
    query: (collection, spec = {}) => {
      recorded.push({ collection, where: spec.where ?? [], orderBy: spec.orderBy });
      return store.query(collection, spec);
    },
    count: (collection, where = []) => {
      recorded.push({ collection, where });
      return store.count(collection, where);
    },
    // A transaction's counts too (the form counters' recount counts in one).
    transaction: (work) =>
      store.transaction((tx) =>
        work(
          Object.assign(Object.create(tx) as StoreTransaction, {
            count: (collection: string, where: EqualityFilter[] = []) => {
              recorded.push({ collection, where });
              return tx.count(collection, where);
            },
          }),
        ),
      ),
  };
}

/** Representative calls: every list, tab, sort, direction, search and filter the API offers. */
async function exerciseApi(harness: Harness): Promise<void> {
  const ok = async (call: Promise<{ status: number; text: string }>, label: string, allowed: number[] = []) => {
    const res = await call;
    if (res.status >= 400 && !allowed.includes(res.status)) throw new Error(`${label}: ${res.status} ${res.text}`);
    return res as unknown as { status: number; body: Record<string, unknown> };
  };
  await ok(harness.as('ada').get('/forms/active'), 'active form');
  const ada = await submitApplication(harness, 'ada');
  await submitApplication(harness, 'eve');
  await ok(harness.as('ada').get('/responses/mine'), 'my responses');
  // "Download my data": each of the caller's own collections by their id (rita's: no file bytes to read here).
  await ok(harness.as('rita').get('/account/data.zip'), 'my data');

  const dora = harness.as('dora');
  for (const tab of ROW_TABS) {
    for (const sort of ROW_SORTS) {
      for (const dir of ['asc', 'desc']) {
        for (const search of ['', '&search=ada', ...ROW_FILTERS.map((filter) => `&filter=${filter}`)]) {
          if (search.startsWith('&filter') && tab !== 'all') continue;
          for (const more of search.startsWith('&filter') ? ['', '&search=ada'] : ['']) {
            const query = `tab=${tab}&sort=${sort}&dir=${dir}&limit=1${search}${more}`;
            const first = await ok(dora.get(`/admin/forms/${FORM_ID}/rows?${query}`), 'rows');
            const cursor = first.body.nextCursor as string | null;
            if (cursor) await ok(dora.get(`/admin/forms/${FORM_ID}/rows?${query}&cursor=${cursor}`), 'rows, next page');
          }
        }
      }
    }
  }
  // The tag filter, alone and with every tab, sort, filter and the search; tagging rows; tags and saved views.
  const tag = await ok(dora.post(`/admin/forms/${FORM_ID}/tags`, { name: 'Strong', color: '#1f4d3f' }), 'tag');
  const tagId = tag.body.id as string;
  await ok(
    dora.post(`/admin/forms/${FORM_ID}/rows/tags`, { rows: [`${ada.id}__engineer`], tagId, tagged: true }),
    'rows tagged',
  );
  for (const tab of ROW_TABS) {
    for (const sort of ROW_SORTS) {
      for (const more of [
        '',
        '&search=ada',
        ...(tab === 'all' ? ROW_FILTERS.map((filter) => `&filter=${filter}`) : []),
      ]) {
        await ok(
          dora.get(`/admin/forms/${FORM_ID}/rows?tab=${tab}&sort=${sort}&limit=1&tag=${tagId}${more}`),
          'tagged',
        );
      }
    }
  }
  await ok(dora.get(`/admin/forms/${FORM_ID}/tags`), 'tags');
  await ok(dora.post(`/admin/forms/${FORM_ID}/views`, { name: 'Mine', state: { tab: 'all', tag: tagId } }), 'view');
  await ok(dora.get(`/admin/forms/${FORM_ID}/views`), 'views');
  const group = { group: { tab: 'all', tag: tagId }, subject: 'News', body: 'Hi {firstName}' };
  await ok(dora.post(`/admin/forms/${FORM_ID}/group-message/preview`, group), 'group message to a tag');
  for (const kind of ['review', 'interview']) {
    await ok(dora.get(`/admin/forms/${FORM_ID}/staff?kind=${kind}`), 'staff');
    await ok(dora.get(`/admin/forms/${FORM_ID}/staff?kind=${kind}&search=rita`), 'staff, searched');
  }

  await assign(harness, [{ responseId: ada.id, role: 'engineer', staffId: 'rita' }], 'review');
  await assign(harness, [{ responseId: ada.id, role: 'engineer', staffId: 'rita' }], 'interview');
  for (const kind of ['review', 'interview']) {
    for (const search of ['', '&search=ada']) {
      await ok(harness.as('rita').get(`/admin/forms/${FORM_ID}/assessments?kind=${kind}&limit=1${search}`), 'mine');
      await ok(dora.get(`/admin/forms/${FORM_ID}/assessments?kind=${kind}&staffId=rita${search}`), 'anyone');
    }
  }
  await ok(harness.as('rita').get(`/admin/responses/${ada.id}`), 'application as reviewer');
  // Notes: the application's reviews and interviews, the super-reviewers, and a mention's email.
  const notes = `/admin/responses/${ada.id}/notes`;
  const note = await ok(dora.post(notes, { text: '@rita Tester, a look at the project?' }), 'note');
  await ok(harness.as('rita').post(notes, { text: 'Done, @dora Tester' }), 'note as reviewer');
  await ok(harness.as('rita').get(notes), 'notes as reviewer');
  await ok(dora.put(`${notes}/${note.body.id as string}`, { text: 'Thanks, @rita Tester' }), 'note edited');
  const resume = ada.sectionResponses
    .flatMap((section) => section.questions)
    .find((question) => question.questionId === 'resume');
  const fileId = typeof resume?.response === 'string' ? resume.response : null;
  if (fileId) await ok(harness.as('rita').get(`/files/${fileId}/meta`), 'file meta as reviewer', [403, 404]);
  const preview = await ok(
    dora.post(`/admin/forms/${FORM_ID}/auto-assign/preview`, { reviewersPerApplication: 2 }),
    'preview',
  );
  // Auto-assign's job and its progress; the files ZIP's job, its progress and its download (jobs/job-runner.ts).
  const planId = preview.body.planId as string;
  await ok(dora.post(`/admin/forms/${FORM_ID}/auto-assign`, { reviewersPerApplication: 2, planId }), 'auto-assign');
  await ok(dora.get(`/admin/forms/${FORM_ID}/auto-assign/progress`), 'auto-assign progress', [404]);
  await ok(dora.post(`/admin/forms/${FORM_ID}/export/files`), 'files ZIP');
  await ok(dora.get(`/admin/forms/${FORM_ID}/export/files`), 'files ZIP progress');
  await ok(dora.get(`/admin/forms/${FORM_ID}/export/files.zip`), 'files ZIP download');
  await ok(dora.get(`/admin/forms/${FORM_ID}/undecided`), 'undecided counts');
  await ok(dora.get(`/admin/forms/${FORM_ID}/undecided/unqualified`), 'rows the bulk denial would deny');
  await ok(dora.get(`/admin/forms/${FORM_ID}/offers`), 'offer counts');
  await ok(dora.get(`/admin/forms/${FORM_ID}/pipeline`), 'pipeline at a glance');
  // The form's counters counted again from its rows and responses (a form stored before them).
  await harness.store.delete(COLLECTIONS.formCounters, FORM_ID);
  await ok(dora.get(`/admin/forms/${FORM_ID}/pipeline`), 'pipeline at a glance, counted again');
  for (const query of ['role=engineer&stage=reviewed', 'role=engineer&stage=qualified', 'day=2026-03-01']) {
    await ok(dora.get(`/admin/forms/${FORM_ID}/pipeline/rows?${query}`), 'pipeline rows');
  }
  // The ZIP export reads its rows with the same repository query as the CSV export.
  await ok(dora.get(`/admin/forms/${FORM_ID}/export/applications.csv`), 'applications export');
  await ok(dora.post(`/admin/forms/${FORM_ID}/deny-undecided-unqualified`, {}), 'deny undecided unqualified');

  for (const role of ['', ...USER_ROLES]) {
    for (const search of ['', 'ada']) {
      const params = [role && `role=${role}`, search && `search=${search}`, 'limit=1'].filter(Boolean).join('&');
      await ok(dora.get(`/admin/users?${params}`), 'users');
    }
  }
  await ok(dora.get('/admin/audit'), 'audit log');
  await ok(dora.get('/admin/audit?action=user.role-changed'), 'audit log by action');
  // Every combination of the audit log's filters (person, action, target kind), with and without days.
  for (const actorId of ['', '&actorId=dora']) {
    for (const action of ['', '&action=user.role-changed']) {
      for (const target of ['', '&target=person']) {
        for (const days of ['', '&from=2026-03-01&to=2026-03-02']) {
          await ok(dora.get(`/admin/audit?limit=5${actorId}${action}${target}${days}`), 'audit log, filtered');
        }
        await ok(dora.get(`/admin/audit/export.csv?target=form${actorId}${action}`), 'audit log export');
      }
    }
  }
  await ok(dora.post('/admin/users/role', { userIds: ['rob'], role: 'super-reviewer' }), 'promote');
  await ok(dora.post('/admin/users/role', { userIds: ['rob'], role: 'reviewer' }), 'demote');
  await ok(dora.get('/admin/forms'), 'forms');
  await ok(dora.post('/application/forms', { ...demoForm(new Date()), id: 'next-form', isActive: false }), 'publish');
  // Replacing a form with applications reads their answers (to keep every one).
  await ok(dora.post('/application/forms', harness.form), 'replace a form that has applications');
  await ok(dora.get('/admin/forms/next-form/activation'), 'what activating the new form turns off');
  await ok(dora.post('/admin/forms/next-form/activate'), 'activate the new form');
  await ok(dora.post(`/admin/forms/${FORM_ID}/activate`), 'activate');
  await ok(dora.post(`/admin/forms/${FORM_ID}/release`), 'release', [409]);
  // The outbox: the failures list, the sender's pass over queued messages and the local mailbox.
  await ok(dora.get('/admin/outbox/failed'), 'failed messages');
  // The reviewers' digests: the forms not released, their loads, each staff member's assessments made since.
  await ok(dora.post(`/admin/forms/${FORM_ID}/reviewer-digest`, {}), 'reviewer digests now');
  // A scheduler minute: every step's queries (forms not released, release jobs and schedules, …).
  await createScheduler({ store: harness.store, now: () => harness.clock.now, mail: DEFAULT_MAIL_SETTINGS }).runOnce();
  // The scheduler's expiry of offers past their deadline: pending offers in deadline order.
  await composeStaff({
    store: harness.store,
    now: () => harness.clock.now,
    mail: DEFAULT_MAIL_SETTINGS,
  }).released.expireOffers();
  await createOutboxSender({ store: harness.store, transport: localTransport, now: () => harness.clock.now }).runOnce();
  // The production sender's read-back of the failures the mail extension reported.
  await recordDeliveryFailures({ store: harness.store, now: () => harness.clock.now });
  const mailbox = await request(express().get('/local/mailbox', localMailboxHandler(harness.store))).get(
    '/local/mailbox?email=ada@example.com',
  );
  if (mailbox.status !== 200) throw new Error(`local mailbox: ${mailbox.status} ${mailbox.text}`);
  // The data retention's dry run (the form's applicants, their other rows and applications, its slots).
  await ok(dora.get(`/admin/forms/${FORM_ID}/retention`), 'retention dry run');
  // An applicant deleting their own account: the audit entries naming them (by form, actor, target), then the erasure.
  await ok(harness.as('eve').get('/auth/deletion'), 'what deleting my account removes');
  await ok(harness.as('eve').post('/auth/delete', { confirmation: 'DELETE' }), 'delete my account');
}

describe('firestore.indexes.json', () => {
  const file = { indexes: readIndexFile(INDEX_FILE) };
  let recorded: IndexedQuery[] = [];

  beforeAll(async () => {
    recorded = [];
    const harness = await createHarness({
      store: recording(createSqliteStore({ filename: ':memory:' }), recorded),
      files: createMemoryFileStore(),
    });
    try {
      await exerciseApi(harness);
    } finally {
      await harness.close();
    }
  }, 60_000);

  it('derives composite indexes as Firestore requires them', () => {
    const eq = (field: string, value: string | boolean = 'x') => ({ field, value });
    const has = (field: string) => ({ field, op: 'array-contains' as const, value: 'x' });
    expect(requiredIndex({ collection: 'c', where: [eq('a')] })).toBeNull();
    expect(requiredIndex({ collection: 'c', where: [eq('a'), eq('b')] })).toBeNull();
    expect(requiredIndex({ collection: 'c', where: [has('t')] })).toBeNull();
    expect(requiredIndex({ collection: 'c', where: [], orderBy: { field: 'n', direction: 'desc' } })).toBeNull();
    expect(requiredIndex({ collection: 'c', where: [eq('b'), eq('a')], orderBy: { field: 'n' } })).toEqual({
      collection: 'c',
      equality: ['a', 'b'],
      arrayContains: null,
      order: { field: 'n', direction: 'ASCENDING' },
    });
    expect(requiredIndex({ collection: 'c', where: [eq('a'), has('t')] })).toEqual({
      collection: 'c',
      equality: ['a'],
      arrayContains: 't',
      order: null,
    });
    expect(requiredIndex({ collection: 'c', where: [has('t')], orderBy: { field: 'n', direction: 'desc' } })).toEqual({
      collection: 'c',
      equality: [],
      arrayContains: 't',
      order: { field: 'n', direction: 'DESCENDING' },
    });
  });

  it('recorded the dashboards, assessments, users, forms, applicant and outbox queries', () => {
    const collections = new Set(recorded.map((spec) => spec.collection));
    for (const collection of [
      COLLECTIONS.outbox,
      COLLECTIONS.reviewStatuses,
      COLLECTIONS.reviews,
      COLLECTIONS.interviews,
      COLLECTIONS.users,
      COLLECTIONS.forms,
      COLLECTIONS.responses,
      COLLECTIONS.staffLoads,
    ]) {
      expect(collections).toContain(collection);
    }
  });

  it('declares the composite index of every query and count the API sends', () => {
    const missing = new Map<string, CompositeIndex>();
    for (const spec of recorded) {
      const need = requiredIndex(spec);
      if (need && !file.indexes.some((index) => satisfies(index, need))) {
        const index = describeRequirement(need);
        missing.set(JSON.stringify(index), index);
      }
    }
    expect([...missing.values()]).toEqual([]);
  });

  it('declares no index that no query of the API needs', () => {
    const needs = recorded.map(requiredIndex).filter((need): need is Requirement => need !== null);
    const unused = file.indexes.filter((index) => !needs.some((need) => satisfies(index, need)));
    expect(unused).toEqual([]);
  });

  it("declares single fields with exactly Firestore's default modes, each for a query that uses it alone", () => {
    const { fieldOverrides } = readIndexDeclarations(INDEX_FILE);
    const defaults = [
      { order: 'ASCENDING', queryScope: 'COLLECTION' },
      { order: 'DESCENDING', queryScope: 'COLLECTION' },
      { arrayConfig: 'CONTAINS', queryScope: 'COLLECTION' },
    ];
    // An order by the field (with no filter, or a range on the field itself), or an equality on it alone.
    const alone = (spec: IndexedQuery, override: { collectionGroup: string; fieldPath: string }) =>
      spec.collection === override.collectionGroup &&
      ((spec.orderBy?.field === override.fieldPath &&
        spec.where.every((filter) => filter.field === override.fieldPath)) ||
        (!spec.orderBy && spec.where.some((filter) => filter.field === override.fieldPath)));
    // The two other shapes (an array searched alone, an exemption) have tests of their own below.
    const declared = fieldOverrides.filter((override) => override.indexes.some((index) => index.order !== undefined));
    expect(declared.length).toBeGreaterThan(0);
    for (const override of declared) {
      expect(override.indexes).toEqual(defaults);
      expect([override.collectionGroup, override.fieldPath, recorded.some((spec) => alone(spec, override))]).toEqual([
        override.collectionGroup,
        override.fieldPath,
        true,
      ]);
    }
  });

  it('declares an array field searched alone with its element index only, for a query that searches it alone', () => {
    const { fieldOverrides } = readIndexDeclarations(INDEX_FILE);
    const arrays = fieldOverrides.filter(
      (override) => override.indexes.length > 0 && override.indexes.every((index) => index.order === undefined),
    );
    expect(arrays.map((override) => `${override.collectionGroup}.${override.fieldPath}`)).toEqual([
      'outbox.aboutUserIds',
      'users.searchTokens',
    ]);
    for (const override of arrays) {
      expect(override.indexes).toEqual([{ arrayConfig: 'CONTAINS', queryScope: 'COLLECTION' }]);
      const searches = recorded.filter(
        (spec) =>
          spec.collection === override.collectionGroup &&
          spec.where.some((filter) => filter.field === override.fieldPath && filter.op === 'array-contains'),
      );
      expect(searches.length).toBeGreaterThan(0);
      // Searched alone: no other filter, no order (it has no composite index).
      expect(searches.filter((spec) => spec.where.length > 1 || spec.orderBy)).toEqual([]);
    }
  });

  it('exempts the large fields from indexing: answers, email bodies and attachments, and searches no query makes', () => {
    const { fieldOverrides } = readIndexDeclarations(INDEX_FILE);
    const exempt = fieldOverrides.filter((override) => override.indexes.length === 0);
    expect(exempt.map((override) => `${override.collectionGroup}.${override.fieldPath}`).sort()).toEqual(
      [
        `${COLLECTIONS.responses}.sectionResponses`,
        // An application's notes (their texts): read whole, by the document's id.
        `${COLLECTIONS.notes}.notes`,
        `${COLLECTIONS.outbox}.html`,
        `${COLLECTIONS.outbox}.text`,
        `${COLLECTIONS.outbox}.attachments`,
        `${COLLECTIONS.mail}.message.html`,
        `${COLLECTIONS.mail}.message.text`,
        `${COLLECTIONS.mail}.message.attachments`,
        // The assessments' tokens: a search of a staff member's assessments filters them in memory.
        `${COLLECTIONS.reviews}.searchTokens`,
        `${COLLECTIONS.interviews}.searchTokens`,
        // The rows' tokens: a search reads its postings by id (staff/search-postings.ts), and their
        // row ids and the rows' sort keys.
        `${COLLECTIONS.reviewStatuses}.searchTokens`,
        `${COLLECTIONS.searchPostings}.rows`,
        `${COLLECTIONS.searchPostings}.sortNames`,
        `${COLLECTIONS.searchPostings}.submittedAts`,
      ].sort(),
    );
    const within = (field: string, exempted: string) => field === exempted || field.startsWith(`${exempted}.`);
    const reading = recorded.filter((spec) =>
      exempt.some(
        (override) =>
          spec.collection === override.collectionGroup &&
          [...spec.where.map((filter) => filter.field), spec.orderBy?.field ?? ''].some((field) =>
            within(field, override.fieldPath),
          ),
      ),
    );
    expect(reading).toEqual([]);
  });

  it('stays within the budget of 64 composite indexes: no search field is sorted or filtered beside its scope', () => {
    // docs/performance.md#index-budget
    expect(file.indexes.length).toBeLessThanOrEqual(64);
    const searchIndexes = file.indexes.filter((index) => index.fields.some((field) => field.arrayConfig));
    for (const index of searchIndexes) {
      // One equality (the form the search is scoped to), then the array: no tab, filter or sort.
      expect(index.fields.map((field) => Object.keys(field).sort())).toEqual([
        ['fieldPath', 'order'],
        ['arrayConfig', 'fieldPath'],
      ]);
    }
    // The rows' tag filter (docs/product.md#tags-and-saved-views), a form's drafts by role (the rows'
    // search reads postings by id: staff/search-postings.ts).
    expect(
      searchIndexes
        .map((index) => `${index.collectionGroup}.${index.fields.find((field) => field.arrayConfig)!.fieldPath}`)
        .sort(),
    ).toEqual([`${COLLECTIONS.responses}.rolesApplied`, `${COLLECTIONS.reviewStatuses}.tags`]);
  });

  it('serves every filtered or ordered query and count from a SQLite index, without sorting', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-sqlite-indexes-'));
    const filename = path.join(dir, 'portal.db');
    const declarations = readIndexDeclarations(INDEX_FILE);
    await createSqliteStore({ filename, indexes: declarations }).close();
    const indexFor = indexChooser(sqliteIndexes(declarations));
    const db = new Database(filename, { readonly: true });
    try {
      const unserved = new Map<string, string[]>();
      for (const spec of recorded) {
        const equality = spec.where.some((filter) => (filter.op ?? '==') === '==');
        if (!equality && !spec.orderBy) continue;
        // A count with a range filter (a day's submissions) is built as the count it is: unordered.
        const counting = !spec.orderBy && spec.where.some(isRangeFilter) ? 'count(*) AS n' : undefined;
        const { sql, params } = buildQuery(
          spec.collection,
          { where: spec.where, orderBy: spec.orderBy, limit: 25 },
          counting,
          indexFor,
        );
        const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as { detail: string }[]).map(
          (row) => row.detail,
        );
        // A search of an index, or (ordered, with a limit) a walk of the collection's index in order.
        const indexed = plan.some((detail) =>
          (spec.orderBy ? /^(SEARCH|SCAN) documents USING INDEX ix_/ : /^SEARCH documents USING INDEX ix_/).test(
            detail,
          ),
        );
        const sorted = plan.some((detail) => detail.includes('TEMP B-TREE'));
        if (!indexed || sorted) unserved.set(JSON.stringify(spec), plan);
      }
      expect(Object.fromEntries(unserved)).toEqual({});
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("searches every array-contains query's element in its multi-valued index, reading only the documents that hold it", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-sqlite-elements-'));
    const filename = path.join(dir, 'portal.db');
    const declarations = readIndexDeclarations(INDEX_FILE);
    const store = createSqliteStore({ filename, indexes: declarations });
    // The plans of a complete multi-valued index (until then the store does not read it).
    await store.fillElements();
    await store.close();
    const indexed = new Set(
      sqliteElementIndexes(declarations).map((index) => elementKey(index.collection, index.field)),
    );
    const indexFor = indexChooser(sqliteIndexes(declarations));
    const db = new Database(filename, { readonly: true });
    try {
      const searches = recorded.filter((spec) => spec.where.some((filter) => filter.op === 'array-contains'));
      expect(searches.length).toBeGreaterThan(0);
      const unserved = new Map<string, string[]>();
      for (const spec of searches) {
        const field = spec.where.find((filter) => filter.op === 'array-contains')!.field;
        for (const counting of [undefined, 'count(*) AS n']) {
          const { sql, params } = buildQuery(
            spec.collection,
            { where: spec.where, orderBy: spec.orderBy, limit: 25 },
            counting,
            indexFor,
            true,
          );
          const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as { detail: string }[]).map(
            (row) => row.detail,
          );
          const served =
            indexed.has(elementKey(spec.collection, field)) &&
            plan.some((detail) =>
              /^SEARCH document_elements USING PRIMARY KEY \(collection=\? AND field=\? AND type=\? AND value=\?\)/.test(
                detail,
              ),
            ) &&
            plan.some((detail) =>
              /^SEARCH documents USING .*INDEX sqlite_autoindex_documents_1 \(collection=\? AND id=\?\)/.test(detail),
            ) &&
            !plan.some((detail) => detail.startsWith('SCAN') && !detail.includes('json_each'));
          if (!served) unserved.set(JSON.stringify({ ...spec, counting }), plan);
        }
      }
      expect(Object.fromEntries(unserved)).toEqual({});
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
