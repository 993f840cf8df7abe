import type { ApplicationForm } from '@portal/shared/domain';
import { formStatusOf, type FormStatus } from '../forms/form-status';
import { DEFAULT_MAIL_SETTINGS, type OutboxMessage } from '../outbox/outbox';
import { OVERDUE_RESCAN_MS } from '../staff/dashboard/reviewer-progress.service';
import { COLLECTIONS } from '../store/collections';
import type { DocumentData, DocumentStore, QuerySpec } from '../store/document-store';
import { createHarness, DAY_MS, FORM_ID, later, START, updateForm, type Harness } from '../testing/api-harness';
import { assign, submitApplication } from '../testing/staff-fixtures';
import { DRAFT_REMINDER_BEFORE_MS } from './draft-reminders';
import { deferWork, formsWithWork } from './form-work';
import { createScheduler } from './scheduler';

/**
 * A scheduler minute reads only the forms whose next work has come (form-work.ts): one waiting for a
 * date of its own, released or with nothing left costs no read, active or not, and each still gets
 * every reminder at its time (docs/performance.md#reads-and-writes-what-firestore-bills).
 */

const HOUR = 60 * 60 * 1000;

let harness: Harness;
let formReads: string[];
/** The harness's store, noting each form document read (by id, or returned by a query). */
let watched: DocumentStore;

beforeEach(async () => {
  harness = await createHarness();
  formReads = [];
  watched = {
    ...harness.store,
    get: async <T extends DocumentData>(collection: string, id: string) => {
      const found = await harness.store.get<T>(collection, id);
      if (collection === COLLECTIONS.forms && found) formReads.push(id);
      return found;
    },
    query: async <T extends DocumentData>(collection: string, spec?: QuerySpec) => {
      const page = await harness.store.query<T>(collection, spec);
      if (collection === COLLECTIONS.forms) formReads.push(...page.items.map((item) => item.id));
      return page;
    },
  };
});
afterEach(() => harness.close());

/** One scheduler minute at `at`: what it did, and the forms it read. */
async function minuteAt(at: Date) {
  harness.clock.now = at;
  formReads = [];
  const run = await createScheduler({ store: watched, now: () => at, mail: DEFAULT_MAIL_SETTINGS }).runOnce();
  return { run, read: [...new Set(formReads)].sort() };
}

/** Another form as publishing writes it (with its status document). */
async function addForm(id: string, changes: Partial<ApplicationForm>): Promise<void> {
  const form = { ...harness.form, id, semester: `Form ${id}`, ...changes };
  await harness.store.set(COLLECTIONS.forms, id, form);
  await harness.store.set(COLLECTIONS.formStatus, id, formStatusOf(form));
}

const reminders = async (template: string) =>
  (await harness.store.query<OutboxMessage>(COLLECTIONS.outbox)).items.filter(
    (item) => item.data.template === template,
  );

it('reads no form while each waits for a date of its own, active, inactive or released', async () => {
  await addForm('inactive-form', { isActive: false });
  await addForm('released-form', { decisionsReleased: true });
  const due = Date.parse(harness.form.dueDate);
  const before = new Date(due - DRAFT_REMINDER_BEFORE_MS - 60_000);
  const inWindow = new Date(due - DRAFT_REMINDER_BEFORE_MS + 60_000);
  const withWork = async (at: Date) => (await formsWithWork(harness.store, at)).map((form) => form.id).sort();
  expect(await withWork(later(START, HOUR))).toEqual([]);
  expect(await withWork(before)).toEqual([]);
  // The draft reminders of both forms begin 48 h before their due date: from then on they are read each minute.
  expect(await withWork(inWindow)).toEqual([FORM_ID, 'inactive-form']);
  // A minute reads them then, and not before (the released form is left to its data retention's hourly look).
  const notReleased = (read: string[]) => read.filter((id) => id !== 'released-form');
  expect(notReleased((await minuteAt(later(START, HOUR))).read)).toEqual([]);
  expect(notReleased((await minuteAt(before)).read)).toEqual([]);
  expect(notReleased((await minuteAt(inWindow)).read)).toEqual([FORM_ID, 'inactive-form']);
});

it("reminds an inactive form's drafts and overdue reviewers at their times, reading it only then", async () => {
  await harness.as('ada').post('/responses', { formId: FORM_ID }).expect(201);
  const eve = await submitApplication(harness, 'eve');
  await assign(harness, [{ responseId: eve.id, role: 'bootcamp', staffId: 'rob' }]);
  const due = later(START, 10 * DAY_MS);
  const reviewDue = later(due, 5 * DAY_MS);
  // Another form made active: this one stays open to its applicants' saves and its reviews.
  await updateForm(harness.store, FORM_ID, {
    isActive: false,
    dueDate: due.toISOString(),
    reviewDueDate: reviewDue.toISOString(),
  });

  expect((await minuteAt(later(due, -DRAFT_REMINDER_BEFORE_MS - HOUR))).read).toEqual([]);
  const window = await minuteAt(later(due, -DRAFT_REMINDER_BEFORE_MS + HOUR));
  expect([window.run.draftReminders, window.read]).toEqual([1, [FORM_ID]]);
  expect((await minuteAt(later(due, -HOUR))).run.draftReminders).toBe(0);
  expect(await reminders('draftReminder')).toHaveLength(1);

  // Past the due date, before the review due date: nothing to do, nothing read.
  expect((await minuteAt(later(due, HOUR))).read).toEqual([FORM_ID]);
  expect((await minuteAt(later(due, 2 * HOUR))).read).toEqual([]);
  expect((await minuteAt(later(reviewDue, -60_000))).read).toEqual([]);

  // Past the review due date: Rob is reminded, then the form waits for the next look an hour on.
  const overdue = await minuteAt(later(reviewDue, 60_000));
  expect([overdue.run.reviewerReminders, overdue.read]).toEqual([1, [FORM_ID]]);
  expect((await minuteAt(later(reviewDue, 2 * 60_000))).read).toEqual([]);
  expect((await minuteAt(later(reviewDue, 60_000 + OVERDUE_RESCAN_MS))).read).toEqual([FORM_ID]);
  expect(await reminders('reviewerReminder')).toHaveLength(1);
});

it('reads a form with nothing left no more, until a change of its dates gives it work again', async () => {
  const due = later(START, DAY_MS);
  await updateForm(harness.store, FORM_ID, { dueDate: due.toISOString() });
  expect((await minuteAt(later(due, HOUR))).read).toEqual([FORM_ID]);
  expect((await harness.store.get<FormStatus>(COLLECTIONS.formStatus, FORM_ID))!.nextWorkAt).toBeNull();
  expect((await minuteAt(later(due, 30 * DAY_MS))).read).toEqual([]);

  await updateForm(harness.store, FORM_ID, { reviewDueDate: later(due, 2 * DAY_MS).toISOString() });
  expect((await minuteAt(later(due, 3 * DAY_MS))).read).toEqual([FORM_ID]);
});

it('moves no status on from a form read before its dates changed: the change wrote it', async () => {
  const read = (await harness.store.get<ApplicationForm>(COLLECTIONS.forms, FORM_ID))!;
  const due = later(START, DAY_MS);
  await updateForm(harness.store, FORM_ID, { dueDate: due.toISOString() });
  const written = await harness.store.get<FormStatus>(COLLECTIONS.formStatus, FORM_ID);
  await deferWork(harness.store, read, later(START, HOUR), null);
  expect(await harness.store.get<FormStatus>(COLLECTIONS.formStatus, FORM_ID)).toEqual(written);
  await deferWork(harness.store, { ...read, dueDate: due.toISOString() }, later(due, HOUR), null);
  expect((await harness.store.get<FormStatus>(COLLECTIONS.formStatus, FORM_ID))!.nextWorkAt).toBeNull();
});
