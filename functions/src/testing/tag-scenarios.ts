import {
  DELETED_APPLICANT,
  type AuditEntry,
  type DashboardRowView,
  type Page,
  type RowTag,
  type SavedViewItem,
  type StaffApplication,
  type TagDeletedResult,
} from '@portal/shared/domain';
import { TAG_REMOVAL_PAGE } from '../staff/tags/tags.service';
import { COLLECTIONS } from '../store/collections';
import { STORE_LIMITS } from '../store/store-limits';
import { FORM_ID, type Caller, type Harness } from './api-harness';
import { assign, submitApplication } from './staff-fixtures';

/**
 * Tags and saved views on the form dashboard (docs/product.md#tags-and-saved-views) through the API,
 * each scenario on a fresh harness: tags.routes.test.ts runs them on SQLite, tags.emulator.test.ts on
 * each store, Google's Cloud Firestore emulator included. ada and eve applied (engineer and bootcamp
 * each); rita reviews ada's engineer row; dora is the super-reviewer.
 */

const formPath = (rest: string) => `/admin/forms/${FORM_ID}${rest}`;

async function ok<T>(call: Promise<{ status: number; text: string; body: unknown }>, status = 200): Promise<T> {
  const res = await call;
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status} ${res.text}`);
  return res.body as T;
}

export const makeTag = (harness: Harness, name: string, color = '#1f4d3f') =>
  ok<RowTag>(harness.as('dora').post(formPath('/tags'), { name, color }), 201);

export const tagRows = (harness: Harness, rows: string[], tagId: string, tagged = true) =>
  ok<{ changed: number }>(harness.as('dora').post(formPath('/rows/tags'), { rows, tagId, tagged }));

export const rowsWith = async (harness: Harness, query: string): Promise<DashboardRowView[]> =>
  (await ok<Page<DashboardRowView>>(harness.as('dora').get(formPath(`/rows?${query}`)))).items;

const names = (rows: DashboardRowView[]) => rows.map((row) => `${row.applicantName}/${row.role}`).sort();

const auditOf = async (harness: Harness, prefix: string): Promise<AuditEntry[]> =>
  (await harness.store.query<AuditEntry & Record<string, unknown>>(COLLECTIONS.audit)).items
    .map((item) => item.data)
    .filter((entry) => entry.action.startsWith(prefix));

const views = (harness: Harness, caller: Caller) =>
  ok<{ items: SavedViewItem[] }>(harness.as(caller).get(formPath('/views')));

export const TAG_SCENARIOS: Record<string, (harness: Harness) => Promise<void>> = {
  'a tag put on rows at once filters them (with the tab, filter and search), comes off, and is audited': async (
    harness,
  ) => {
    const [ada, eve] = [await submitApplication(harness, 'ada'), await submitApplication(harness, 'eve')];
    const strong = await makeTag(harness, 'Strong portfolio');
    const other = await makeTag(harness, 'Second look', '#0b5cad');
    const rows = [`${ada.id}__engineer`, `${eve.id}__engineer`, `${eve.id}__bootcamp`];
    expect(await tagRows(harness, rows, strong.id)).toEqual({ changed: 3 });
    // Tagging again changes nothing (and records nothing).
    expect(await tagRows(harness, rows.slice(0, 1), strong.id)).toEqual({ changed: 0 });
    await tagRows(harness, [`${ada.id}__bootcamp`], other.id);

    const tagged = await rowsWith(harness, `tag=${strong.id}`);
    expect(names(tagged)).toEqual(['ada Tester/engineer', 'eve Tester/bootcamp', 'eve Tester/engineer']);
    expect(tagged.every((row) => row.tags?.includes(strong.id))).toBe(true);
    expect(names(await rowsWith(harness, `tag=${strong.id}&search=eve`))).toEqual([
      'eve Tester/bootcamp',
      'eve Tester/engineer',
    ]);
    expect(names(await rowsWith(harness, `tag=${strong.id}&filter=undecided&sort=name&dir=asc`))).toHaveLength(3);
    expect(await rowsWith(harness, `tab=qualified&tag=${strong.id}`)).toEqual([]);
    // Sorted and paged like any listing: two pages of two and one, by name.
    const first = await ok<Page<DashboardRowView>>(
      harness.as('dora').get(formPath(`/rows?tag=${strong.id}&sort=name&dir=asc&limit=2`)),
    );
    expect([first.total, first.items.length, first.nextCursor !== null]).toEqual([3, 2, true]);
    const second = await ok<Page<DashboardRowView>>(
      harness
        .as('dora')
        .get(
          formPath(`/rows?tag=${strong.id}&sort=name&dir=asc&limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`),
        ),
    );
    expect(second.items.map((row) => row.id)).toEqual([`${eve.id}__engineer`]);

    expect(await tagRows(harness, [`${eve.id}__bootcamp`], strong.id, false)).toEqual({ changed: 1 });
    expect(names(await rowsWith(harness, `tag=${strong.id}`))).toEqual(['ada Tester/engineer', 'eve Tester/engineer']);
    expect(names(await rowsWith(harness, `tag=${other.id}`))).toEqual(['ada Tester/bootcamp']);

    // A message to the tagged group reaches their applicants.
    const preview = await ok<{ recipients: number }>(
      harness.as('dora').post(formPath('/group-message/preview'), {
        group: { tab: 'all', tag: other.id },
        subject: 'News',
        body: 'Hi {firstName}',
      }),
    );
    expect(preview.recipients).toBe(1);

    const tagAudit = await auditOf(harness, 'tag.');
    expect(tagAudit.map((entry) => [entry.action, JSON.stringify(entry.after)]).sort()).toEqual([
      ['tag.created', JSON.stringify({ name: 'Second look', color: '#0b5cad' })],
      ['tag.created', JSON.stringify({ name: 'Strong portfolio', color: '#1f4d3f' })],
    ]);
    const rowAudit = await auditOf(harness, 'row.');
    expect(rowAudit.map((entry) => [entry.action, entry.target.id, entry.formId]).sort()).toEqual(
      [
        ['row.tagged', `${ada.id}__engineer`, FORM_ID],
        ['row.tagged', `${eve.id}__engineer`, FORM_ID],
        ['row.tagged', `${eve.id}__bootcamp`, FORM_ID],
        ['row.tagged', `${ada.id}__bootcamp`, FORM_ID],
        ['row.untagged', `${eve.id}__bootcamp`, FORM_ID],
      ].sort(),
    );
    expect(rowAudit.find((entry) => entry.action === 'row.untagged')).toMatchObject({
      before: { tags: ['Strong portfolio'] },
      after: { tags: [] },
    });
  },

  'a tag is renamed and recoloured (audited); a pale colour or a name taken is refused, writing nothing': async (
    harness,
  ) => {
    const tag = await makeTag(harness, 'Strong portfolio');
    const pale = await harness.as('dora').post(formPath('/tags'), { name: 'Pale', color: '#ffcc00' });
    expect(pale.status).toBe(400);
    expect(pale.body.error.details[0].path).toBe('color');
    expect(pale.body.error.details[0].message).toMatch(
      /^Too pale: white text on this colour has a contrast of 1\.\d:1/,
    );
    const taken = await harness.as('dora').post(formPath('/tags'), { name: 'strong PORTFOLIO', color: '#0b5cad' });
    expect(taken.status).toBe(409);
    const changed = await ok<RowTag>(
      harness.as('dora').put(formPath(`/tags/${tag.id}`), { name: 'Portfolio', color: '#6b3fa0' }),
    );
    expect(changed).toEqual({ ...tag, name: 'Portfolio', color: '#6b3fa0' });
    const tags = await ok<{ items: RowTag[] }>(harness.as('dora').get(formPath('/tags')));
    expect(tags.items.map((each) => each.name)).toEqual(['Portfolio']);
    expect((await auditOf(harness, 'tag.changed')).map((entry) => [entry.before, entry.after])).toEqual([
      [
        { name: 'Strong portfolio', color: '#1f4d3f' },
        { name: 'Portfolio', color: '#6b3fa0' },
      ],
    ]);
    // A row of another form, or an unknown tag, refuses the whole request.
    const unknown = await harness.as('dora').post(formPath('/rows/tags'), {
      rows: ['00000000-0000-4000-8000-000000000000__engineer'],
      tagId: tag.id,
      tagged: true,
    });
    expect(unknown.status).toBe(404);
  },

  'a deleted tag comes off every row holding it, page after page; views filtering by it keep the rest; audited': async (
    harness,
  ) => {
    const [ada, eve] = [await submitApplication(harness, 'ada'), await submitApplication(harness, 'eve')];
    const strong = await makeTag(harness, 'Strong portfolio');
    const other = await makeTag(harness, 'Second look', '#0b5cad');
    await tagRows(harness, [`${ada.id}__engineer`, `${eve.id}__engineer`], strong.id);
    await tagRows(harness, [`${eve.id}__engineer`], other.id);
    // More rows than a few of the deletion's transactions take (TAG_REMOVAL_PAGE), some with both tags.
    const extra = Array.from({ length: TAG_REMOVAL_PAGE * 2 + 50 }, (_, at) => ({
      id: `bulk-${String(at).padStart(4, '0')}__engineer`,
      applicationFormId: FORM_ID,
      tags: at % 3 === 0 ? [other.id, strong.id] : [strong.id],
    }));
    for (let at = 0; at < extra.length; at += STORE_LIMITS.writesPerCommit) {
      await harness.store.batch(
        extra
          .slice(at, at + STORE_LIMITS.writesPerCommit)
          .map((row) => ({ kind: 'set' as const, collection: COLLECTIONS.reviewStatuses, id: row.id, data: row })),
      );
    }
    const filtering = await ok<SavedViewItem>(
      harness.as('dora').post(formPath('/views'), {
        name: 'Strong and undecided',
        state: { tab: 'all', filter: 'undecided', tag: strong.id },
      }),
      201,
    );
    const others = await ok<SavedViewItem>(
      harness.as('dora').post(formPath('/views'), { name: 'Second looks', state: { tab: 'all', tag: other.id } }),
      201,
    );

    expect((await harness.as('rita').delete(formPath(`/tags/${strong.id}`))).status).toBe(403);
    const deleted = await ok<TagDeletedResult>(harness.as('dora').delete(formPath(`/tags/${strong.id}`)));
    expect(deleted).toEqual({ rows: extra.length + 2, views: 1 });

    const tagged = [{ field: 'tags', op: 'array-contains' as const, value: strong.id }];
    expect(await harness.store.count(COLLECTIONS.reviewStatuses, tagged)).toBe(0);
    // The other tag stays where it was.
    expect(await harness.store.count(COLLECTIONS.reviewStatuses, [{ ...tagged[0]!, value: other.id }])).toBe(
      extra.filter((row) => row.tags.includes(other.id)).length + 1,
    );
    expect(names(await rowsWith(harness, `tag=${other.id}`))).toEqual(['eve Tester/engineer']);
    const tags = await ok<{ items: RowTag[] }>(harness.as('dora').get(formPath('/tags')));
    expect(tags.items.map((tag) => tag.name)).toEqual(['Second look']);
    expect((await views(harness, 'dora')).items.map((view) => [view.id, view.state])).toEqual([
      [filtering.id, { tab: 'all', filter: 'undecided' }],
      [others.id, { tab: 'all', tag: other.id }],
    ]);
    expect(
      (await auditOf(harness, 'tag.deleted')).map((entry) => [entry.target.id, entry.before, entry.after]),
    ).toEqual([[strong.id, { name: 'Strong portfolio', color: '#1f4d3f', rows: extra.length + 2 }, null]]);

    // Gone: deleting it again, or an unknown tag, is a 404 that writes nothing.
    expect((await harness.as('dora').delete(formPath(`/tags/${strong.id}`))).status).toBe(404);
    expect((await harness.as('dora').delete(formPath('/tags/not-a-tag'))).status).toBe(404);
    expect(await auditOf(harness, 'tag.deleted')).toHaveLength(1);
  },

  'reviewers neither see nor set tags or views: the application they review comes without its tags': async (
    harness,
  ) => {
    const ada = await submitApplication(harness, 'ada');
    await assign(harness, [{ responseId: ada.id, role: 'engineer', staffId: 'rita' }]);
    const tag = await makeTag(harness, 'Strong portfolio');
    await tagRows(harness, [`${ada.id}__engineer`], tag.id);
    for (const [method, path, body] of [
      ['get', '/tags', undefined],
      ['post', '/tags', { name: 'Mine', color: '#1f4d3f' }],
      ['post', '/rows/tags', { rows: [`${ada.id}__engineer`], tagId: tag.id, tagged: false }],
      ['get', '/views', undefined],
      ['post', '/views', { name: 'Mine', state: { tab: 'all' } }],
    ] as const) {
      const caller = harness.as('rita');
      const res = method === 'get' ? await caller.get(formPath(path)) : await caller.post(formPath(path), body);
      expect([path, res.status]).toEqual([path, 403]);
    }
    const asReviewer = await ok<StaffApplication>(harness.as('rita').get(`/admin/responses/${ada.id}`));
    expect(asReviewer.rows.map((row) => row.tags)).toEqual(asReviewer.rows.map(() => undefined));
    const asDirector = await ok<StaffApplication>(harness.as('dora').get(`/admin/responses/${ada.id}`));
    expect(asDirector.rows.find((row) => row.role === 'engineer')?.tags).toEqual([tag.id]);
  },

  'a saved view is shared with every super-reviewer, and deleted by the one who saved it alone': async (harness) => {
    await harness.store.update(COLLECTIONS.users, 'rob', { role: 'super-reviewer' });
    const state = { tab: 'all', q: 'eve', filter: 'undecided', sort: 'name', dir: 'asc' };
    const saved = await ok<SavedViewItem>(harness.as('dora').post(formPath('/views'), { name: 'Eve', state }), 201);
    expect(saved).toMatchObject({ name: 'Eve', state, ownerName: 'dora Tester', mine: true });
    const taken = await harness.as('rob').post(formPath('/views'), { name: 'eve', state: { tab: 'qualified' } });
    expect(taken.status).toBe(409);
    const filterOnStaffTab = await harness
      .as('rob')
      .post(formPath('/views'), { name: 'Wrong', state: { tab: 'qualified', filter: 'undecided' } });
    expect(filterOnStaffTab.status).toBe(400);
    const robs = await ok<SavedViewItem>(
      harness.as('rob').post(formPath('/views'), { name: 'Reviewers', state: { tab: 'reviewers', q: 'ri' } }),
      201,
    );
    expect((await views(harness, 'rob')).items.map((view) => [view.name, view.ownerName, view.mine])).toEqual([
      ['Eve', 'dora Tester', false],
      ['Reviewers', 'rob Tester', true],
    ]);
    expect((await harness.as('rob').delete(formPath(`/views/${saved.id}`))).status).toBe(403);
    expect((await harness.as('dora').delete(formPath(`/views/${saved.id}`))).status).toBe(204);
    expect((await harness.as('dora').delete(formPath(`/views/${saved.id}`))).status).toBe(404);
    expect((await views(harness, 'dora')).items.map((view) => view.id)).toEqual([robs.id]);
  },

  "an applicant's erasure leaves their name in no tag or saved view, and their rows' tags go with them": async (
    harness,
  ) => {
    const [ada, eve] = [await submitApplication(harness, 'ada'), await submitApplication(harness, 'eve')];
    const named = await makeTag(harness, 'Ask ada first');
    const plain = await makeTag(harness, 'Strong portfolio', '#0b5cad');
    await tagRows(harness, [`${ada.id}__engineer`, `${eve.id}__engineer`], plain.id);
    await tagRows(harness, [`${ada.id}__bootcamp`], named.id);
    await ok(
      harness.as('dora').post(formPath('/views'), { name: 'ADA and friends', state: { tab: 'all', q: 'Ada' } }),
      201,
    );
    await ok(
      harness
        .as('dora')
        .post(formPath('/views'), { name: 'By email', state: { tab: 'all', q: 'ada@example.com', sort: 'name' } }),
      201,
    );
    await ok(harness.as('dora').post(formPath('/views'), { name: 'Eve', state: { tab: 'all', q: 'eve' } }), 201);

    expect((await harness.as('ada').post('/auth/delete', { confirmation: 'DELETE' })).status).toBe(200);

    const tags = await ok<{ items: RowTag[] }>(harness.as('dora').get(formPath('/tags')));
    expect(tags.items.map((tag) => tag.name)).toEqual([`Ask ${DELETED_APPLICANT} first`, 'Strong portfolio']);
    expect((await views(harness, 'dora')).items.map((view) => [view.name, view.state])).toEqual([
      [`${DELETED_APPLICANT} and friends`, { tab: 'all' }],
      ['By email', { tab: 'all', sort: 'name' }],
      ['Eve', { tab: 'all', q: 'eve' }],
    ]);
    const stored = JSON.stringify([
      await harness.store.get(COLLECTIONS.rowTags, FORM_ID),
      await harness.store.get(COLLECTIONS.savedViews, FORM_ID),
    ]);
    // Her name as a word (a random id's hex may hold the letters "ada", as in "…-adaf-…").
    expect(stored).not.toMatch(/\bada\b/i);
    expect(names(await rowsWith(harness, `tag=${plain.id}`))).toEqual(['eve Tester/engineer']);
    expect(await rowsWith(harness, `tag=${named.id}`)).toEqual([]);
  },
};
