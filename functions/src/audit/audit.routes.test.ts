import {
  AUDIT_ACTIONS,
  type ApplicationRow,
  type AuditAction,
  type AuditEntry,
  type Page,
  type User,
} from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import { createHarness, DAY_MS, FORM_ID, later, START, type Harness } from '../testing/api-harness';
import { createMemoryFileStore } from '../testing/memory-file-store';
import { assign, publishSlot, setPreferences, storedRow, submitApplication } from '../testing/staff-fixtures';
import type { DocumentStore, StoreTransaction, WriteOperation } from '../store/document-store';
import { DEFAULT_MAIL_SETTINGS, outboxEvents, outboxId } from '../outbox/outbox';
import { createScheduler } from '../scheduler/scheduler';
import { ERASED_ID } from '../staff/audit-anonymisation';
import { testSqliteStore } from '../testing/test-store';

const HOUR = 60 * 60 * 1000;

const AUDIT = COLLECTIONS.audit;
const NEXT_FORM = 'fall-form';
const NEXT_DUE = '2026-12-01T00:00:00.000Z';

/** Every audit entry as stored, by id, serialized (to compare byte for byte). */
async function auditSnapshot(harness: Harness): Promise<Map<string, string>> {
  const page = await harness.store.query<AuditEntry & Record<string, unknown>>(AUDIT);
  return new Map(page.items.map((item) => [item.id, JSON.stringify(item.data)]));
}

async function entries(harness: Harness): Promise<AuditEntry[]> {
  return (await harness.store.query<AuditEntry & Record<string, unknown>>(AUDIT)).items.map((item) => item.data);
}

const ok = async (call: PromiseLike<{ status: number; text: string; body: unknown }>, label: string) => {
  const res = await call;
  if (res.status >= 400) throw new Error(`${label}: ${res.status} ${res.text}`);
  return res;
};

interface FlowResult {
  responseId: string;
  reviewId: string;
  unassignedId: string;
  /** The time of each step (the clock moves a minute before each). */
  times: Record<string, string>;
  autoAssigned: number;
  deletedUser: User;
}

/**
 * A representative set of write routes, one step at a time; after each step every earlier audit
 * entry must be unchanged (`check` runs between steps).
 */
async function runFlow(harness: Harness, check: (step: string) => Promise<void> = async () => {}): Promise<FlowResult> {
  const times: Record<string, string> = {};
  let minute = 0;
  const step = async (name: string, work: () => Promise<void>) => {
    minute += 1;
    harness.clock.now = later(START, minute * 60_000);
    times[name] = harness.clock.now.toISOString();
    await work();
    await check(name);
  };
  const dora = harness.as('dora');
  let responseId = '';
  let reviewId = '';
  let unassignedId = '';
  let autoAssigned = 0;
  await step('submit', async () => {
    responseId = (await submitApplication(harness, 'ada')).id;
    await submitApplication(harness, 'eve');
  });
  await step('assign', async () => {
    reviewId = (await assign(harness, [{ responseId, role: 'engineer', staffId: 'rita' }]))[0]!.id;
  });
  await step('review', async () => {
    const scores = { motivation: 4, experience: 2, communication: 3 };
    await ok(
      harness.as('rita').post(`/admin/assessments/review/${reviewId}/submit`, { scores, comments: 'ok', version: 0 }),
      'review',
    );
  });
  await step('reopen', async () => {
    await ok(dora.post(`/admin/assessments/review/${reviewId}/reopen`, {}), 'reopen');
  });
  await step('unassign', async () => {
    const [interview] = await assign(harness, [{ responseId, role: 'engineer', staffId: 'rob' }], 'interview');
    unassignedId = interview!.id;
    await ok(dora.delete(`/admin/assessments/interview/${unassignedId}`), 'unassign');
  });
  await step('auto-assign', async () => {
    await setPreferences(harness, 'rob', ['bootcamp', 'engineer', 'designer']);
    const preview = await ok(
      dora.post(`/admin/forms/${FORM_ID}/auto-assign/preview`, { reviewersPerApplication: 1 }),
      'preview',
    );
    const { planId } = preview.body as { planId: string };
    const applied = await ok(
      dora.post(`/admin/forms/${FORM_ID}/auto-assign`, { reviewersPerApplication: 1, planId }),
      'auto-assign',
    );
    autoAssigned = (applied.body as { created: number }).created;
  });
  await step('qualified', async () => {
    await ok(dora.put(`/admin/rows/${responseId}/engineer/qualified`, { qualified: true }), 'qualified');
  });
  let slotId = '';
  await step('slot', async () => {
    slotId = (await publishSlot(harness)).id;
  });
  await step('edit-slot', async () => {
    const slot = {
      startsAt: later(START, 3 * DAY_MS).toISOString(),
      minutes: 30,
      interviewerIds: ['rita'],
      capacity: 1,
    };
    await ok(dora.put(`/admin/forms/${FORM_ID}/interview-slots/${slotId}`, { ...slot, place: 'Room 9' }), 'edit slot');
  });
  await step('book', async () => {
    await ok(harness.as('ada').put(`/interviews/${FORM_ID}/booking`, { slotId }), 'book');
  });
  await step('cancel-booking', async () => {
    await ok(harness.as('ada').delete(`/interviews/${FORM_ID}/booking`), 'cancel booking');
  });
  await step('delete-slot', async () => {
    await ok(dora.delete(`/admin/forms/${FORM_ID}/interview-slots/${slotId}`), 'delete slot');
  });
  await step('remind', async () => {
    await ok(dora.post(`/admin/forms/${FORM_ID}/progress/rita/remind`, {}), 'remind');
  });
  await step('digest', async () => {
    await ok(dora.post(`/admin/forms/${FORM_ID}/reviewer-digest`, { staffId: 'rita' }), 'digest');
  });
  await step('tags', async () => {
    const made = await ok(dora.post(`/admin/forms/${FORM_ID}/tags`, { name: 'Call back', color: '#1f4d3f' }), 'tag');
    const tagId = (made.body as { id: string }).id;
    await ok(dora.put(`/admin/forms/${FORM_ID}/tags/${tagId}`, { name: 'Call back soon', color: '#1f4d3f' }), 'tag');
    const rows = [`${responseId}__engineer`];
    await ok(dora.post(`/admin/forms/${FORM_ID}/rows/tags`, { rows, tagId, tagged: true }), 'tagged');
    await ok(dora.post(`/admin/forms/${FORM_ID}/rows/tags`, { rows, tagId, tagged: false }), 'untagged');
    await ok(dora.post(`/admin/forms/${FORM_ID}/rows/tags`, { rows, tagId, tagged: true }), 'tagged again');
    await ok(dora.delete(`/admin/forms/${FORM_ID}/tags/${tagId}`), 'tag deleted');
  });
  await step('export', async () => {
    await ok(dora.get(`/admin/forms/${FORM_ID}/export/applications.csv`), 'CSV');
    await ok(dora.post(`/admin/forms/${FORM_ID}/export/files`), 'ZIP packed');
    await ok(dora.get(`/admin/forms/${FORM_ID}/export/files.zip`), 'ZIP');
  });
  await step('schedule', async () => {
    await ok(
      dora.put(`/admin/forms/${FORM_ID}/release/schedule`, { at: later(harness.clock.now, 30_000).toISOString() }),
      'schedule',
    );
  });
  await step('schedule-failed', async () => {
    // Rows are undecided: the scheduled release is refused at its time.
    const run = await createScheduler({
      store: harness.store,
      now: () => harness.clock.now,
      mail: DEFAULT_MAIL_SETTINGS,
    }).runOnce();
    expect(run.releaseFailed).toEqual([FORM_ID]);
  });
  await step('unschedule', async () => {
    await ok(
      dora.put(`/admin/forms/${FORM_ID}/release/schedule`, { at: later(harness.clock.now, HOUR).toISOString() }),
      'reschedule',
    );
    await ok(dora.delete(`/admin/forms/${FORM_ID}/release/schedule`), 'unschedule');
  });
  await step('offer-deadline', async () => {
    await ok(dora.put(`/admin/forms/${FORM_ID}/offer-deadline`, { offerReplyDays: 2 }), 'offer deadline');
  });
  await step('decisions', async () => {
    const rows = (await harness.store.query<ApplicationRow>(COLLECTIONS.reviewStatuses)).items.map((item) => item.data);
    for (const row of rows) {
      const decision = row.responseId === responseId && row.role === 'engineer' ? 'accepted' : 'waitlist';
      await ok(dora.put(`/admin/rows/${row.responseId}/${row.role}/decision`, { decision }), 'decision');
    }
  });
  await step('release', async () => {
    await ok(dora.post(`/admin/forms/${FORM_ID}/release`), 'release');
  });
  await step('offer-reply', async () => {
    await ok(harness.as('ada').post(`/responses/${responseId}/decisions/engineer/reply`, { reply: 'accept' }), 'reply');
  });
  await step('role', async () => {
    await ok(dora.post('/admin/users/role', { userIds: ['rob', 'rita'], role: 'super-reviewer' }), 'promote');
  });
  const deletedUser = (await harness.store.get<User>(COLLECTIONS.users, 'una'))!;
  await step('delete', async () => {
    await ok(dora.post('/admin/users/delete', { userIds: ['una'] }), 'delete');
  });
  await step('publish', async () => {
    const form = { ...harness.form, id: NEXT_FORM, semester: 'Fall', isActive: false, decisionsReleased: false };
    await ok(dora.post('/application/forms', form), 'publish');
  });
  await step('activate', async () => {
    await ok(dora.post(`/admin/forms/${NEXT_FORM}/activate`, {}), 'activate');
  });
  await step('due-date', async () => {
    await ok(dora.put(`/admin/forms/${NEXT_FORM}/due-date`, { dueDate: NEXT_DUE }), 'due date');
  });
  await step('resend', async () => {
    const id = outboxId(outboxEvents.submitted(responseId), 'ada');
    await harness.store.update(COLLECTIONS.outbox, id, { state: 'failed', attempts: 5, lastError: 'SMTP said no' });
    await ok(dora.post(`/admin/outbox/${encodeURIComponent(id)}/resend`, {}), 'resend');
  });
  let conflictId = '';
  await step('conflict', async () => {
    const declared = await ok(
      dora.post('/admin/conflicts', { email: 'eve@example.com', reason: 'Flatmates' }),
      'conflict',
    );
    conflictId = (declared.body as { id: string }).id;
  });
  await step('withdraw', async () => {
    await ok(dora.delete(`/admin/conflicts/${conflictId}`), 'withdraw');
  });
  await step('note', async () => {
    const notes = `/admin/responses/${responseId}/notes`;
    const written = await ok(dora.post(notes, { text: 'A second look, @rita Tester?' }), 'note');
    const noteId = (written.body as { id: string }).id;
    await ok(dora.put(`${notes}/${noteId}`, { text: 'A second look, please' }), 'note edited');
    await ok(dora.delete(`${notes}/${noteId}`), 'note deleted');
  });
  await step('change-decision', async () => {
    await ok(
      dora.put(`/admin/rows/${responseId}/bootcamp/released-decision`, { decision: 'accepted' }),
      'change a released decision',
    );
  });
  await step('offer-expired', async () => {
    // The new offer is not answered in its 2 days: the scheduler marks it expired.
    harness.clock.now = later(harness.clock.now, 3 * 24 * HOUR);
    const run = await createScheduler({
      store: harness.store,
      now: () => harness.clock.now,
      mail: DEFAULT_MAIL_SETTINGS,
    }).runOnce();
    expect(run.expiredOffers).toBe(1);
  });
  await step('group-message', async () => {
    const message = { group: { decision: 'waitlist' }, subject: 'News', body: 'Hi {firstName}' };
    await ok(dora.post(`/admin/forms/${FORM_ID}/group-message`, message), 'group message');
  });
  return { responseId, reviewId, unassignedId, times, autoAssigned, deletedUser };
}

/**
 * After the flow, the erasures (docs/security.md): eve, whose waitlisted application is in the
 * released form, deletes her own account, and the form's retention then runs (its notice, then its
 * erasure, with no one left to erase). Answers the audit log as it was just before.
 */
async function erasureFlow(harness: Harness): Promise<{ before: Map<string, string>; responseIds: string[] }> {
  const before = await auditSnapshot(harness);
  const responseIds = (
    await harness.store.query(COLLECTIONS.responses, { where: [{ field: 'userId', value: 'eve' }] })
  ).items.map((item) => item.id);
  await ok(harness.as('eve').post('/auth/delete', { confirmation: 'DELETE' }), 'delete my account');
  const scheduler = createScheduler({
    store: harness.store,
    now: () => harness.clock.now,
    mail: DEFAULT_MAIL_SETTINGS,
    erasure: { accounts: harness.accounts, files: createMemoryFileStore() },
  });
  harness.clock.now = later(START, 175 * DAY_MS);
  // One email to each super-reviewer: dora, and rita and rob since the flow promoted them.
  expect(await scheduler.runOnce()).toMatchObject({ retentionNotices: 3 });
  harness.clock.now = later(START, 182 * DAY_MS);
  await scheduler.runOnce();
  return { before, responseIds };
}

describe('the audit log', () => {
  let harness: Harness;
  beforeEach(async () => {
    harness = await createHarness({ files: createMemoryFileStore() });
  });
  afterEach(() => harness.close());

  it('is append-only: after each write route every earlier entry is byte-identical, and new ones are added', async () => {
    let previous = new Map<string, string>();
    const grew: string[] = [];
    const flow = await runFlow(harness, async (step) => {
      const current = await auditSnapshot(harness);
      for (const [id, text] of previous) expect(current.get(id)).toBe(text);
      if (current.size > previous.size) grew.push(step);
      previous = current;
    });
    expect(grew).toEqual([
      'assign',
      'review',
      'reopen',
      'unassign',
      'auto-assign',
      'qualified',
      'slot',
      'edit-slot',
      'book',
      'cancel-booking',
      'delete-slot',
      'remind',
      'digest',
      'tags',
      'export',
      'schedule',
      'schedule-failed',
      'unschedule',
      'offer-deadline',
      'decisions',
      'release',
      'offer-reply',
      'role',
      'delete',
      'publish',
      'activate',
      'due-date',
      'resend',
      'conflict',
      'withdraw',
      'note',
      'change-decision',
      'offer-expired',
      'group-message',
    ]);
    expect(flow.autoAssigned).toBeGreaterThan(0);
  });

  it('records who, what, when, before and after for each action', async () => {
    const flow = await runFlow(harness);
    await erasureFlow(harness);
    const all = await entries(harness);
    // The interviews a booking gives the slot's interviewers (and its cancellation takes back) are the applicant's doing.
    const booked = (entry: AuditEntry) => entry.action.startsWith('assignment.') && entry.actorId === 'ada';
    expect(
      all
        .filter(booked)
        .map((entry) => entry.action)
        .sort(),
    ).toEqual(['assignment.created', 'assignment.removed']);
    const of = (action: AuditAction) => all.filter((entry) => entry.action === action && !booked(entry));
    expect(new Set(all.map((entry) => entry.action))).toEqual(new Set(AUDIT_ACTIONS));
    // Everything in the flow is dora's but a review's submission (its reviewer's), and a booking or an offer's reply (the applicant's).
    const others: Record<string, string> = {
      'assessment.submitted': 'rita',
      'interview.booked': 'ada',
      'interview.booking-cancelled': 'ada',
      'offer.replied': 'ada',
      'offer.expired': 'scheduler',
      // Nobody: the account's owner is erased with it.
      'account.deleted': ERASED_ID,
      'retention.notice-sent': 'scheduler',
      'retention.erased': 'scheduler',
    };
    for (const entry of all) {
      if (booked(entry)) continue;
      if (others[entry.action]) {
        expect([entry.action, entry.actorId]).toEqual([entry.action, others[entry.action]]);
        continue;
      }
      expect({ action: entry.action, actorId: entry.actorId, actorName: entry.actorName }).toEqual({
        action: entry.action,
        actorId: 'dora',
        actorName: 'dora Tester',
      });
      expect(entry.id).toMatch(/^[0-9a-f-]{36}$/);
    }

    const created = of('assignment.created');
    // rita's review and rob's interview (later removed); auto-assign's are its own.
    expect(created).toHaveLength(2);
    expect(of('assignment.auto-created')).toHaveLength(flow.autoAssigned);
    const ritaReview = created.find((entry) => entry.at === flow.times.assign)!;
    expect(ritaReview).toMatchObject({
      target: { collection: COLLECTIONS.reviews },
      formId: FORM_ID,
      before: null,
      after: {
        kind: 'review',
        responseId: flow.responseId,
        role: 'engineer',
        staffId: 'rita',
        staffName: 'rita Tester',
      },
    });
    expect(await harness.store.get(COLLECTIONS.reviews, ritaReview.target.id)).not.toBeNull();
    expect(of('assignment.auto-created').every((entry) => entry.at === flow.times['auto-assign'])).toBe(true);

    expect(of('assignment.removed')).toEqual([
      {
        id: expect.any(String),
        at: flow.times.unassign,
        actorId: 'dora',
        actorName: 'dora Tester',
        action: 'assignment.removed',
        target: { collection: COLLECTIONS.interviews, id: flow.unassignedId },
        formId: FORM_ID,
        before: {
          kind: 'interview',
          responseId: flow.responseId,
          role: 'engineer',
          staffId: 'rob',
          staffName: 'rob Tester',
          applicantName: 'ada Tester',
          state: 'not-started',
        },
        after: null,
      },
    ]);

    expect(of('qualified.set')).toEqual([
      expect.objectContaining({
        at: flow.times.qualified,
        target: { collection: COLLECTIONS.reviewStatuses, id: `${flow.responseId}__engineer` },
        formId: FORM_ID,
        before: { qualified: false },
        after: { qualified: true },
      }),
    ]);

    const decisions = of('decision.set');
    expect(decisions).toHaveLength(4);
    expect(decisions.every((entry) => entry.at === flow.times.decisions)).toBe(true);
    expect(decisions.find((entry) => entry.target.id === `${flow.responseId}__engineer`)).toMatchObject({
      target: { collection: COLLECTIONS.reviewStatuses },
      before: { decision: 'under-review', final: false },
      after: { decision: 'accepted', final: true },
    });
    expect((await storedRow(harness, flow.responseId, 'engineer'))?.decision).toBe('accepted');

    expect(of('decisions.released')).toEqual([
      expect.objectContaining({
        at: flow.times.release,
        target: { collection: COLLECTIONS.forms, id: FORM_ID },
        formId: FORM_ID,
        before: { decisionsReleased: false },
        after: { decisionsReleased: true },
      }),
    ]);

    const roles = of('user.role-changed').sort((a, b) => a.target.id.localeCompare(b.target.id));
    expect(roles.map(({ at, target, before, after }) => ({ at, target, before, after }))).toEqual(
      ['rita', 'rob'].map((id) => ({
        at: flow.times.role,
        target: { collection: COLLECTIONS.users, id },
        before: { role: 'reviewer' },
        after: { role: 'super-reviewer' },
      })),
    );
    expect(roles[0]).not.toHaveProperty('formId');

    expect(of('user.deleted')).toEqual([
      expect.objectContaining({
        at: flow.times.delete,
        target: { collection: COLLECTIONS.users, id: 'una' },
        // Who was deleted, not their whole record: everything else of theirs is gone.
        before: {
          firstName: flow.deletedUser.firstName,
          lastName: flow.deletedUser.lastName,
          email: flow.deletedUser.email,
          role: flow.deletedUser.role,
        },
        after: null,
      }),
    ]);

    expect(of('assessment.reopened')).toEqual([
      expect.objectContaining({
        at: flow.times.reopen,
        target: { collection: COLLECTIONS.reviews, id: flow.reviewId },
        formId: FORM_ID,
        before: { state: 'submitted', submittedAt: flow.times.review },
        after: { state: 'draft', submittedAt: null },
      }),
    ]);
    expect(of('form.published')).toEqual([
      expect.objectContaining({
        at: flow.times.publish,
        target: { collection: COLLECTIONS.forms, id: NEXT_FORM },
        formId: NEXT_FORM,
        before: null,
        after: { semester: 'Fall', isActive: false, dueDate: harness.form.dueDate },
      }),
    ]);
    expect(of('form.activated')).toEqual([
      expect.objectContaining({
        at: flow.times.activate,
        target: { collection: COLLECTIONS.forms, id: NEXT_FORM },
        formId: NEXT_FORM,
        before: { isActive: false, active: [FORM_ID] },
        after: { isActive: true, active: [NEXT_FORM] },
      }),
    ]);
    expect(of('form.due-date-changed')).toEqual([
      expect.objectContaining({
        at: flow.times['due-date'],
        target: { collection: COLLECTIONS.forms, id: NEXT_FORM },
        formId: NEXT_FORM,
        before: { dueDate: harness.form.dueDate },
        after: { dueDate: NEXT_DUE },
      }),
    ]);
  });

  it('is rewritten by an erasure only where it names the person erased, who is then named nowhere', async () => {
    await runFlow(harness);
    const { before, responseIds } = await erasureFlow(harness);
    const after = await auditSnapshot(harness);
    // Her email, name, user id (standing alone) or application's id (her rows' ids start with it).
    const names = (text: string) =>
      /eve@example\.com|eve Tester|(?<![\p{L}\p{N}])eve(?![\p{L}\p{N}])/u.test(text) ||
      responseIds.some((id) => text.includes(id));
    const rewritten = [...before].filter(([id, text]) => after.get(id) !== text);
    expect(rewritten.length).toBeGreaterThan(0);
    expect(rewritten.every(([, text]) => names(text))).toBe(true);
    expect([...after.values()].filter(names)).toEqual([]);
    // What each rewritten entry records stays: its action, time, form and target's kind.
    for (const [id, text] of rewritten) {
      const [was, is] = [JSON.parse(text) as AuditEntry, JSON.parse(after.get(id)!) as AuditEntry];
      expect([is.action, is.at, is.formId, is.target.collection]).toEqual([
        was.action,
        was.at,
        was.formId,
        was.target.collection,
      ]);
    }
  });

  it('records nothing for a change that is refused', async () => {
    const { id: responseId } = await submitApplication(harness, 'ada');
    const dora = harness.as('dora');
    expect((await dora.put(`/admin/rows/${responseId}/designer/decision`, { decision: 'accepted' })).status).toBe(404);
    expect((await dora.post(`/admin/forms/${FORM_ID}/release`)).status).toBe(409);
    expect((await dora.post('/admin/users/role', { userIds: ['dora'], role: 'reviewer' })).status).toBe(409);
    const bad = await dora.post('/admin/assignments', {
      kind: 'review',
      assignments: [
        { responseId, role: 'engineer', staffId: 'rita' },
        { responseId, role: 'engineer', staffId: 'ada' },
      ],
    });
    expect(bad.status).toBe(400);
    expect(
      (await harness.as('rita').put(`/admin/rows/${responseId}/engineer/qualified`, { qualified: true })).status,
    ).toBe(403);
    expect(await entries(harness)).toEqual([]);
  });
});

/** The store, throwing on any write to the audit log but a create; counts the creates. */
function appendOnlyGuard(store: DocumentStore, creates: { count: number }): DocumentStore {
  const refuse = (kind: string, collection: string) => {
    if (collection === AUDIT) throw new Error(`${kind} on the audit log`);
  };
  const check = (operation: WriteOperation) => {
    if (operation.kind !== 'create') refuse(operation.kind, operation.collection);
    else if (operation.collection === AUDIT) creates.count += 1;
  };
  const guardTx = (tx: StoreTransaction): StoreTransaction => ({
    get: (collection, id) => tx.get(collection, id),
    getDerived: (collection, id, cache) => tx.getDerived(collection, id, cache),
    count: (collection, where) => tx.count(collection, where),
    create: (collection, id, data) => {
      check({ kind: 'create', collection, id, data });
      tx.create(collection, id, data);
    },
    set: (collection, id, data) => {
      check({ kind: 'set', collection, id, data });
      tx.set(collection, id, data);
    },
    update: (collection, id, patch) => {
      check({ kind: 'update', collection, id, patch });
      tx.update(collection, id, patch);
    },
    delete: (collection, id) => {
      check({ kind: 'delete', collection, id });
      tx.delete(collection, id);
    },
  });
  return new Proxy(store, {
    get(target, property, receiver) {
      switch (property) {
        case 'create':
          return async (collection: string, id: string, data: Record<string, unknown>) => {
            check({ kind: 'create', collection, id, data });
            return target.create(collection, id, data);
          };
        case 'set':
        case 'update':
        case 'delete':
          return async (collection: string, ...rest: unknown[]) => {
            refuse(property, collection);
            return (target[property] as (...args: unknown[]) => Promise<void>)(collection, ...rest);
          };
        case 'batch':
          return async (operations: WriteOperation[]) => {
            operations.forEach(check);
            return target.batch(operations);
          };
        case 'transaction':
          return <R>(work: (tx: StoreTransaction) => Promise<R>) => target.transaction((tx) => work(guardTx(tx)));
        default:
          return Reflect.get(target, property, receiver) as unknown;
      }
    },
  });
}

describe('the store port', () => {
  it('is never asked to set, update or delete an audit entry over the whole flow', async () => {
    const creates = { count: 0 };
    const harness = await createHarness({
      store: appendOnlyGuard(testSqliteStore(), creates),
      files: createMemoryFileStore(),
    });
    try {
      await runFlow(harness);
      expect(creates.count).toBeGreaterThanOrEqual(AUDIT_ACTIONS.length);
      expect(await harness.store.count(AUDIT)).toBe(creates.count);
      await expect(harness.store.delete(AUDIT, 'any')).rejects.toThrow('delete on the audit log');
    } finally {
      await harness.close();
    }
  });

  it('makes no change when its audit entry cannot be written', async () => {
    const store = testSqliteStore();
    let failAudit = false;
    const failing = new Proxy(store, {
      get(target, property, receiver) {
        if (property === 'transaction') {
          return <R>(work: (tx: StoreTransaction) => Promise<R>) =>
            target.transaction((tx) =>
              work({
                ...tx,
                get: (collection, id) => tx.get(collection, id),
                set: (collection, id, data) => tx.set(collection, id, data),
                update: (collection, id, patch) => tx.update(collection, id, patch),
                delete: (collection, id) => tx.delete(collection, id),
                create: (collection, id, data) => {
                  if (failAudit && collection === AUDIT) throw new Error('audit log unavailable');
                  tx.create(collection, id, data);
                },
              }),
            );
        }
        if (property === 'batch') {
          return (operations: WriteOperation[]) => {
            if (failAudit && operations.some((operation) => operation.collection === AUDIT)) {
              return Promise.reject(new Error('audit log unavailable'));
            }
            return target.batch(operations);
          };
        }
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    const harness = await createHarness({ store: failing });
    try {
      const { id: responseId } = await submitApplication(harness, 'ada');
      failAudit = true;
      const dora = harness.as('dora');
      const rowBefore = await storedRow(harness, responseId, 'engineer');
      expect((await dora.put(`/admin/rows/${responseId}/engineer/decision`, { decision: 'accepted' })).status).toBe(
        500,
      );
      expect((await dora.put(`/admin/rows/${responseId}/engineer/qualified`, { qualified: true })).status).toBe(500);
      const assigned = await dora.post('/admin/assignments', {
        kind: 'review',
        assignments: [{ responseId, role: 'engineer', staffId: 'rita' }],
      });
      expect(assigned.status).toBe(500);
      expect(await storedRow(harness, responseId, 'engineer')).toEqual(rowBefore);
      expect(await harness.store.count(COLLECTIONS.reviews)).toBe(0);
      expect((await dora.post('/admin/users/role', { userIds: ['rob'], role: 'super-reviewer' })).status).toBe(500);
      expect((await dora.post('/admin/users/delete', { userIds: ['una'] })).status).toBe(500);
      expect((await harness.store.get<User>(COLLECTIONS.users, 'rob'))?.role).toBe('reviewer');
      expect(await harness.store.get(COLLECTIONS.users, 'una')).not.toBeNull();
      expect(await harness.store.count(AUDIT)).toBe(0);
      // Each 500 logged its cause, which the harness keeps for a failing test's message.
      const causes = harness.loggedErrors.filter((line) => line.includes('unhandled error'));
      expect(causes).toHaveLength(5);
      expect(causes[0]).toContain('audit log unavailable');
    } finally {
      await harness.close();
    }
  });
});

describe('GET /api/admin/audit', () => {
  let harness: Harness;
  beforeEach(async () => {
    harness = await createHarness({ files: createMemoryFileStore() });
  });
  afterEach(() => harness.close());

  it.each(['ada', 'rita', 'unverified'] as const)('refuses %s with 403', async (caller) => {
    expect((await harness.as(caller).get('/admin/audit')).status).toBe(403);
  });

  it('answers an empty page before anything is recorded', async () => {
    const res = await harness.as('dora').get('/admin/audit');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ items: [], nextCursor: null, total: 0 });
  });

  it.each([
    ['an unknown action', 'action=user.created'],
    ['a limit over 100', 'limit=101'],
    ['a zero limit', 'limit=0'],
    ['an unknown parameter', 'sort=at'],
    ['a malformed cursor', 'cursor=not-a-cursor'],
  ])('refuses %s with 400', async (_label, query) => {
    const res = await harness.as('dora').get(`/admin/audit?${query}`);
    expect(res.status).toBe(400);
  });

  it('names each target in words when read: the applicant and role label, the person, the review, the form', async () => {
    await runFlow(harness);
    const items = (await harness.as('dora').get('/admin/audit?limit=100')).body.items as AuditEntry[];
    const labelOf = (action: AuditAction) => items.find((entry) => entry.action === action)?.targetLabel;
    expect(labelOf('decision.set')).toMatch(/^(ada|eve) Tester · (Engineer|Bootcamp)$/);
    expect(labelOf('qualified.set')).toMatch(/^(ada|eve) Tester · /);
    expect(labelOf('user.role-changed')).toMatch(/ Tester$/);
    expect(labelOf('assignment.created')).toMatch(/^(Review|Interview) of \S+ Tester · \S+.* by \S+ Tester$/);
    expect(labelOf('decisions.released')).toBe('Demo Semester');
    expect(labelOf('release.schedule-failed')).toBe('Release of Demo Semester');
    expect(labelOf('email.resent')).toMatch(/^Email to ada@example\.com: We received your application/);
    // Never stored: the stored entries are as they were written.
    expect((await entries(harness)).some((entry) => 'targetLabel' in entry)).toBe(false);
  });

  it('pages newest first, filters by action, and offers no way to edit an entry', async () => {
    await runFlow(harness);
    const all = await entries(harness);
    const dora = harness.as('dora');

    const first = await dora.get('/admin/audit');
    expect(first.status).toBe(200);
    const page = first.body as Page<AuditEntry>;
    expect(page.total).toBe(all.length);
    expect(page.items).toHaveLength(Math.min(25, all.length));
    const times = page.items.map((entry) => entry.at);
    expect([...times].sort().reverse()).toEqual(times);
    // The flow's last step: the scheduler marks an unanswered offer expired, days later.
    expect(page.items[0]!.action).toBe('offer.expired');

    const seen: AuditEntry[] = [];
    let cursor: string | null = null;
    do {
      const res = await dora.get(`/admin/audit?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status).toBe(200);
      seen.push(...(res.body as Page<AuditEntry>).items);
      cursor = (res.body as Page<AuditEntry>).nextCursor;
    } while (cursor);
    expect(seen.map((entry) => entry.id).sort()).toEqual(all.map((entry) => entry.id).sort());
    expect(new Set(seen.map((entry) => entry.id)).size).toBe(all.length);

    const filtered = await dora.get('/admin/audit?action=decision.set&limit=100');
    expect(filtered.status).toBe(200);
    expect((filtered.body as Page<AuditEntry>).total).toBe(4);
    expect((filtered.body as Page<AuditEntry>).items.every((entry) => entry.action === 'decision.set')).toBe(true);

    const before = await auditSnapshot(harness);
    const id = all[0]!.id;
    for (const res of [
      await dora.put(`/admin/audit/${id}`, { action: 'user.deleted' }),
      await dora.post(`/admin/audit/${id}`, {}),
      await dora.delete(`/admin/audit/${id}`),
      await dora.delete('/admin/audit'),
      await dora.post('/admin/audit', { ...all[0], id: 'forged' }),
    ]) {
      expect(res.status).toBe(404);
    }
    expect(await auditSnapshot(harness)).toEqual(before);
  });
});
