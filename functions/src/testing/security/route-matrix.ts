import request from 'supertest';
import {
  DEFAULT_MESSAGE_TEMPLATES,
  DEFAULT_REVIEW_ROLE_RULE,
  DEFAULT_TEAM_ROLE_DEFINITIONS,
} from '@portal/shared/domain';
import type { InterviewSlot } from '@portal/shared/domain';
import { demoForm } from '../../seed/demo-form';
import { COLLECTIONS } from '../../store/collections';
import { CALLERS, START, type Caller, type Harness } from '../api-harness';
import { CALLER_OF, REVIEW_SCORES, type Fixture, type Stage, type Who } from './fixtures';
import { parseRouteKey } from './route-table';
import { DEFAULT_PRIVACY_NOTICE_VERSION } from '../../users/privacy-notice';

/**
 * The authorization matrix: one row per route the app registers (`METHOD /api/path`), each cell
 * the status a caller gets when calling it against a fixture where the route's target exists.
 * Bodies and queries are valid for the route, so the caller is the only variable.
 */
export interface MatrixRow {
  /** How far ada's application has gone before the call (default: submitted). */
  stage?: Stage;
  /** Runs after the fixture is built, before the call (as someone else than the caller). */
  prepare?: (fixture: Fixture) => Promise<void>;
  /** Path parameters that differ from `defaultParams`. */
  params?: (fixture: Fixture) => Record<string, string>;
  /** A valid JSON body (routes that read one). */
  body?: (fixture: Fixture) => Record<string, unknown>;
  /** Top-level body fields the route may go without (the hostile-input suite does not expect a 400 without them). */
  optionalFields?: string[];
  /** A valid query string (routes that read one). */
  query?: Record<string, string>;
  /** The route takes the raw bytes of a file. */
  upload?: true;
  /** Why a route without body, query or upload takes no input the hostile-input suite could vary. */
  noInput?: string;
  expect: Record<Who, number>;
}

const SUPER_ONLY = {
  anonymous: 401,
  unverified: 403,
  owner: 403,
  otherApplicant: 403,
  assignedReviewer: 403,
  unassignedReviewer: 403,
} as const;
/** Any verified caller gets `status`. */
const verified = (status: number) => ({
  anonymous: 401,
  unverified: 403,
  owner: status,
  otherApplicant: status,
  assignedReviewer: status,
  unassignedReviewer: status,
  superReviewer: status,
});
/** Only ada (the owner) reaches her response; everyone else, super-reviewer included, learns nothing (404). */
const ownerOnly = (status: number) => ({
  anonymous: 401,
  unverified: 403,
  owner: status,
  otherApplicant: 404,
  assignedReviewer: 404,
  unassignedReviewer: 404,
  superReviewer: 404,
});

/** A file the form shows to reviewers: its owner, a reviewer assigned to the response and the super-reviewer read it. */
export const FILE_READERS = { ...ownerOnly(200), assignedReviewer: 200, superReviewer: 200 };
/** The assigned reviewer and the super-reviewer; the reviewer not assigned gets 403 notAssigned. */
const assignedStaff = (status: number) => ({
  anonymous: 401,
  unverified: 403,
  owner: 403,
  otherApplicant: 403,
  assignedReviewer: status,
  unassignedReviewer: 403,
  superReviewer: status,
});

const SLOT_ID = 'slot-1';

/** A slot three days ahead with rita interviewing (ada's engineer row qualified: she is invited). */
/** An email the sender gave up on (the resend route's target). */
const FAILED_MESSAGE_ID = 'submit.r1~ada';

async function prepareSlot(f: Fixture, options: { bookedByOwner?: boolean } = {}): Promise<void> {
  const store = f.harness.store;
  await store.update(COLLECTIONS.reviewStatuses, `${f.responseId}__engineer`, { qualified: true });
  const slot: InterviewSlot = {
    id: SLOT_ID,
    formId: f.formId,
    startsAt: new Date(START.getTime() + 3 * 24 * 60 * 60 * 1000).toISOString(),
    minutes: 30,
    place: 'Room 1',
    interviewerIds: ['rita'],
    interviewerNames: ['rita Tester'],
    capacity: 2,
    bookings: options.bookedByOwner
      ? [{ userId: 'ada', responseId: f.responseId, applicantName: 'ada Tester', bookedAt: START.toISOString() }]
      : [],
    createdAt: START.toISOString(),
  };
  await store.set(COLLECTIONS.interviewSlots, slot.id, slot);
  if (options.bookedByOwner) {
    await store.set(COLLECTIONS.interviewBookings, `ada__${f.formId}`, {
      userId: 'ada',
      formId: f.formId,
      slotId: slot.id,
    });
  }
}

const NEW_FORM_ID = 'security-form';

/** Auto-assign as dora runs it: a preview, then its plan assigned (a job, done within the request here). */
async function prepareAutoAssign(f: Fixture): Promise<void> {
  const dora = f.harness.as('dora');
  const preview = await dora.post(`/admin/forms/${f.formId}/auto-assign/preview`, { reviewersPerApplication: 2 });
  if (preview.status !== 200) throw new Error(`preview failed: ${preview.status} ${preview.text}`);
  const { planId } = preview.body as { planId: string };
  const applied = await dora.post(`/admin/forms/${f.formId}/auto-assign`, { reviewersPerApplication: 2, planId });
  if (applied.status !== 200) throw new Error(`auto-assign failed: ${applied.status} ${applied.text}`);
}

/** The ZIP of the form's files, packed by dora (a job, done within the request here). */
async function prepareFilesExport(f: Fixture): Promise<void> {
  const packed = await f.harness.as('dora').post(`/admin/forms/${f.formId}/export/files`, {});
  if (packed.status !== 200) throw new Error(`export failed: ${packed.status} ${packed.text}`);
}

/** A tag of the form and a saved view, both dora's (`extra.tagId`, `extra.viewId`). */
async function prepareTags(f: Fixture): Promise<void> {
  const dora = f.harness.as('dora');
  const tag = await dora.post(`/admin/forms/${f.formId}/tags`, { name: 'Strong portfolio', color: '#1f4d3f' });
  if (tag.status !== 201) throw new Error(`tag failed: ${tag.status} ${tag.text}`);
  const view = await dora.post(`/admin/forms/${f.formId}/views`, {
    name: 'Tagged',
    state: { tab: 'all', tag: tag.body.id },
  });
  if (view.status !== 201) throw new Error(`view failed: ${view.status} ${view.text}`);
  f.extra.tagId = tag.body.id as string;
  f.extra.viewId = view.body.id as string;
}

/**
 * Notes on ada's application: dora asks rita about it by name, rita answers naming dora (her note,
 * `extra.noteId`, is the one the edit and delete rows change). Neither names ada: the blind sweep
 * reads them as they are.
 */
async function prepareNotes(f: Fixture): Promise<void> {
  const path = `/admin/responses/${f.responseId}/notes`;
  const asked = await f.harness.as('dora').post(path, { text: '@rita Tester, what do you make of the project?' });
  if (asked.status !== 201) throw new Error(`note: ${asked.status} ${asked.text}`);
  const answered = await f.harness.as('rita').post(path, { text: 'Solid work, @dora Tester' });
  if (answered.status !== 201) throw new Error(`note: ${answered.status} ${answered.text}`);
  f.extra.noteId = (answered.body as { id: string }).id;
}

export const MATRIX: Record<string, MatrixRow> = {
  'GET /api/health': {
    noInput: 'takes no parameters, query or body',
    expect: {
      anonymous: 200,
      unverified: 200,
      owner: 200,
      otherApplicant: 200,
      assignedReviewer: 200,
      unassignedReviewer: 200,
      superReviewer: 200,
    },
  },
  'GET /api/session': {
    noInput: 'takes no parameters, query or body',
    expect: { ...verified(200), unverified: 200 },
  },
  'POST /api/auth/register': {
    // Registration needs no token: whoever calls creates a new account for the body's email.
    body: () => ({
      email: 'newcomer@example.com',
      password: 'hunter22x',
      firstName: 'New',
      lastName: 'Comer',
      privacyNoticeVersion: DEFAULT_PRIVACY_NOTICE_VERSION,
    }),
    expect: {
      anonymous: 201,
      unverified: 201,
      owner: 201,
      otherApplicant: 201,
      assignedReviewer: 201,
      unassignedReviewer: 201,
      superReviewer: 201,
    },
  },
  'POST /api/auth/complete': {
    // eve's identity has no user record (as after a sign-up outside the API): she completes it;
    // everyone else already has one.
    prepare: async (f) => {
      await f.harness.store.delete(COLLECTIONS.users, CALLERS.eve.uid);
    },
    body: () => ({ firstName: 'Eve', lastName: 'Example', privacyNoticeVersion: DEFAULT_PRIVACY_NOTICE_VERSION }),
    expect: { ...verified(409), otherApplicant: 201 },
  },
  'GET /api/privacy-notice': {
    noInput: 'takes no parameters, query or body',
    // The sign-up page shows it before there is an account: anyone reads it.
    expect: {
      anonymous: 200,
      unverified: 200,
      owner: 200,
      otherApplicant: 200,
      assignedReviewer: 200,
      unassignedReviewer: 200,
      superReviewer: 200,
    },
  },
  'POST /api/auth/privacy-notice': {
    // Every signed-in role accepts the notice in force for themselves, once their email is verified.
    body: () => ({ version: DEFAULT_PRIVACY_NOTICE_VERSION }),
    expect: verified(200),
  },
  'GET /api/account/data.zip': {
    // Each caller downloads their own data (ada her application, file and emails): nobody names whose.
    noInput: "takes no parameters, query or body: the caller's own data",
    expect: verified(200),
  },
  'POST /api/auth/update': {
    // Every caller changes their own profile, email verified or not.
    body: () => ({ email: 'changed@example.com', firstName: 'Changed', lastName: 'Name' }),
    expect: { ...verified(200), unverified: 200 },
  },
  'GET /api/auth/deletion': {
    noInput: 'takes no parameters, query or body',
    // What deleting their own account removes: applicants only; a super-reviewer deletes staff.
    expect: { ...verified(403), owner: 200, otherApplicant: 200 },
  },
  'POST /api/auth/delete': {
    // Each applicant deletes their own account, never anyone else's (the route names no one).
    body: () => ({ confirmation: 'DELETE' }),
    expect: { ...verified(403), owner: 200, otherApplicant: 200 },
  },
  'GET /api/forms/active': { noInput: 'takes no parameters, query or body', expect: verified(200) },
  'GET /api/forms/:formId': {
    noInput: 'only the form id (an unknown one is a 404)',
    // An inactive form: staff and ada (who has a response to it) read it; eve learns nothing.
    prepare: async (f) => {
      await f.harness.store.update(COLLECTIONS.forms, f.formId, { isActive: false });
    },
    expect: { ...verified(200), otherApplicant: 404 },
  },
  'POST /api/responses': {
    body: (f) => ({ formId: f.formId }),
    // ada already has a response for the form: she gets it back (200); anyone else starts one (201).
    expect: { ...verified(201), owner: 200 },
  },
  'GET /api/responses/mine': { noInput: 'takes no parameters, query or body', expect: verified(200) },
  'GET /api/responses/:responseId': { noInput: 'only the response id', expect: ownerOnly(200) },
  'PUT /api/application/save/:responseId': {
    stage: 'draft',
    body: (f) => f.response,
    expect: ownerOnly(200),
  },
  'POST /api/application/submit': {
    stage: 'draft',
    body: (f) => f.response,
    expect: ownerOnly(200),
  },
  'GET /api/responses/:responseId/decisions/:role': {
    stage: 'released',
    noInput: 'only the response id and role',
    expect: ownerOnly(200),
  },
  'POST /api/responses/:responseId/decisions/:role/reply': {
    stage: 'released',
    body: () => ({ reply: 'accept' }),
    expect: ownerOnly(200),
  },
  'POST /api/files/:responseId/:questionId': {
    stage: 'draft',
    upload: true,
    expect: ownerOnly(201),
  },
  'GET /api/files/:fileId/meta': {
    noInput: 'only the file id',
    // The resume is shown to reviewers (its section is not): rita, assigned, reads it; rob, not assigned, learns nothing.
    expect: FILE_READERS,
  },
  'GET /api/files/:fileId': {
    noInput: 'only the file id',
    expect: FILE_READERS,
  },
  'PUT /api/users/:userId/preferences': {
    // rita's own preferences: she may set them, and so may the super-reviewer.
    body: () => ({ roles: ['bootcamp', 'engineer', 'designer'] }),
    expect: { ...SUPER_ONLY, assignedReviewer: 200, superReviewer: 200 },
  },
  'GET /api/admin/users': {
    query: { role: 'reviewer', limit: '10' },
    expect: { ...SUPER_ONLY, superReviewer: 200 },
  },
  'POST /api/admin/users/role': {
    body: () => ({ userIds: ['eve'], role: 'reviewer', openAssignments: 'unassign' }),
    optionalFields: ['openAssignments'],
    expect: { ...SUPER_ONLY, superReviewer: 200 },
  },
  'POST /api/admin/users/impact': {
    body: () => ({ userIds: ['eve'] }),
    expect: { ...SUPER_ONLY, superReviewer: 200 },
  },
  'POST /api/admin/users/delete': {
    body: () => ({ userIds: ['eve'] }),
    expect: { ...SUPER_ONLY, superReviewer: 200 },
  },
  'POST /api/admin/users/leftovers/delete': {
    noInput: 'takes no parameters, query or body',
    expect: { ...SUPER_ONLY, superReviewer: 200 },
  },
  'POST /api/application/forms': {
    // The roles and review-role rule stated (as the default), so the hostile cases reach them too.
    body: () => ({
      ...demoForm(START),
      id: NEW_FORM_ID,
      isActive: false,
      roles: DEFAULT_TEAM_ROLE_DEFINITIONS.map((role) => ({ ...role })),
      reviewRoleRule: { ...DEFAULT_REVIEW_ROLE_RULE },
      disagreementThreshold: 1.5,
      // The email templates stated (as the defaults), so the hostile cases reach them too.
      messages: {
        submissionReceipt: { ...DEFAULT_MESSAGE_TEMPLATES.submissionReceipt },
        decisionReleased: { ...DEFAULT_MESSAGE_TEMPLATES.decisionReleased },
        interviewInvitation: { ...DEFAULT_MESSAGE_TEMPLATES.interviewInvitation },
        interviewConfirmation: { ...DEFAULT_MESSAGE_TEMPLATES.interviewConfirmation },
        interviewCancellation: { ...DEFAULT_MESSAGE_TEMPLATES.interviewCancellation },
      },
      interviewCutoffHours: 48,
    }),
    optionalFields: [
      'description',
      'reviewRubrics',
      'interviewRubrics',
      'isActive',
      'decisionsReleased',
      'letters',
      'messages',
      'roles',
      'reviewRoleRule',
      'disagreementThreshold',
      'interviewCutoffHours',
    ],
    expect: { ...SUPER_ONLY, superReviewer: 201 },
  },
  'GET /api/admin/forms': {
    noInput: 'takes no parameters, query or body',
    expect: { ...SUPER_ONLY, superReviewer: 200 },
  },
  'POST /api/admin/forms/:formId/activate': {
    body: () => ({}),
    expect: { ...SUPER_ONLY, superReviewer: 200 },
  },
  'PUT /api/admin/forms/:formId/offer-deadline': {
    body: () => ({ offerReplyDays: 7 }),
    expect: { ...SUPER_ONLY, superReviewer: 200 },
  },
  'DELETE /api/admin/forms/:formId/offer-deadline': {
    noInput: 'only the form id',
    expect: { ...SUPER_ONLY, superReviewer: 200 },
  },
  'PUT /api/admin/forms/:formId/due-date': {
    body: () => ({ dueDate: '2026-09-01T00:00:00.000Z' }),
    expect: { ...SUPER_ONLY, superReviewer: 200 },
  },
  'GET /api/admin/forms/:formId/rows': {
    query: { tab: 'all', sort: 'name', dir: 'asc', limit: '10' },
    expect: { ...SUPER_ONLY, superReviewer: 200 },
  },
  'GET /api/admin/forms/:formId/staff': {
    query: { kind: 'review' },
    expect: { ...SUPER_ONLY, superReviewer: 200 },
  },
  'GET /api/admin/forms/:formId/assessments': {
    query: { kind: 'review', limit: '10' },
    // Staff only; a reviewer sees their own (rob: an empty page).
    expect: { ...SUPER_ONLY, assignedReviewer: 200, unassignedReviewer: 200, superReviewer: 200 },
  },
  'POST /api/admin/forms/:formId/auto-assign/preview': {
    body: () => ({ reviewersPerApplication: 1 }),
    expect: { ...SUPER_ONLY, superReviewer: 200 },
  },
  'POST /api/admin/forms/:formId/auto-assign': {
    prepare: async (f) => {
      const res = await f.harness.as('dora').post(`/admin/forms/${f.formId}/auto-assign/preview`, {
        reviewersPerApplication: 2,
      });
      if (res.status !== 200) throw new Error(`preview failed: ${res.status} ${res.text}`);
      f.extra.planId = (res.body as { planId: string }).planId;
    },
    body: (f) => ({ reviewersPerApplication: 2, planId: f.extra.planId }),
    expect: { ...SUPER_ONLY, superReviewer: 200 },
  },
  'GET /api/admin/forms/:formId/auto-assign/progress': {
    prepare: prepareAutoAssign,
    noInput: 'only the form id',
    expect: { ...SUPER_ONLY, superReviewer: 200 },
  },
  'GET /api/admin/forms/:formId/offers': {
    noInput: 'only the form id',
    expect: { ...SUPER_ONLY, superReviewer: 200 },
  },
  'GET /api/admin/forms/:formId/undecided': {
    noInput: 'only the form id',
    expect: { ...SUPER_ONLY, superReviewer: 200 },
  },
  'GET /api/admin/forms/:formId/activation': {
    noInput: 'only the form id',
    expect: { ...SUPER_ONLY, superReviewer: 200 },
  },
  'GET /api/admin/forms/:formId/undecided/unqualified': {
    noInput: 'only the form id',
    expect: { ...SUPER_ONLY, superReviewer: 200 },
  },
  'GET /api/admin/forms/:formId/export/applications.csv': {
    noInput: 'only the form id (an unknown one is a 404)',
    expect: { ...SUPER_ONLY, superReviewer: 200 },
  },
  'POST /api/admin/forms/:formId/export/files': {
    body: () => ({}),
    expect: { ...SUPER_ONLY, superReviewer: 200 },
  },
  'GET /api/admin/forms/:formId/export/files': {
    prepare: prepareFilesExport,
    noInput: 'only the form id (an unknown one is a 404)',
    expect: { ...SUPER_ONLY, superReviewer: 200 },
  },
  'GET /api/admin/forms/:formId/export/files.zip': {
    prepare: prepareFilesExport,
    noInput: 'only the form id (an unknown one is a 404)',
    expect: { ...SUPER_ONLY, superReviewer: 200 },
  },
  'POST /api/admin/forms/:formId/deny-undecided-unqualified': {
    body: () => ({}),
    expect: { ...SUPER_ONLY, superReviewer: 200 },
  },
  'POST /api/admin/forms/:formId/rows/qualified': {
    body: (f) => ({ rows: [{ responseId: f.responseId, role: 'engineer' }], qualified: true }),
    expect: { ...SUPER_ONLY, superReviewer: 200 },
  },
  'POST /api/admin/forms/:formId/rows/decision': {
    body: (f) => ({ rows: [{ responseId: f.responseId, role: 'engineer' }], decision: 'denied' }),
    expect: { ...SUPER_ONLY, superReviewer: 200 },
  },
  'POST /api/admin/forms/:formId/group-message/preview': {
    body: () => ({ group: { tab: 'all' }, subject: 'News for {firstName}', body: 'Hi {firstName}, about {role}.' }),
    expect: { ...SUPER_ONLY, superReviewer: 200 },
  },
  'POST /api/admin/forms/:formId/group-message': {
    body: () => ({ group: { tab: 'all' }, subject: 'News for {firstName}', body: 'Hi {firstName}, about {role}.' }),
    expect: { ...SUPER_ONLY, superReviewer: 201 },
  },
  'POST /api/admin/forms/:formId/reviewer-digest': {
    // rita's digest now (she has an open review of ada's): the super-reviewer alone may send it.
    body: () => ({ staffId: 'rita' }),
    optionalFields: ['staffId'],
    expect: { ...SUPER_ONLY, superReviewer: 201 },
  },
  'PUT /api/users/:userId/reviewer-digest': {
    // rita's own digest switch: hers alone, not even the super-reviewer's to turn off.
    body: () => ({ enabled: false }),
    expect: { ...SUPER_ONLY, assignedReviewer: 200, superReviewer: 403 },
  },
  'GET /api/admin/forms/:formId/tags': {
    prepare: prepareTags,
    noInput: 'only the form id (an unknown one is a 404)',
    expect: { ...SUPER_ONLY, superReviewer: 200 },
  },
  'POST /api/admin/forms/:formId/tags': {
    body: () => ({ name: 'Strong portfolio', color: '#1f4d3f' }),
    expect: { ...SUPER_ONLY, superReviewer: 201 },
  },
  'PUT /api/admin/forms/:formId/tags/:tagId': {
    prepare: prepareTags,
    body: () => ({ name: 'Second look', color: '#0b5cad' }),
    expect: { ...SUPER_ONLY, superReviewer: 200 },
  },
  'DELETE /api/admin/forms/:formId/tags/:tagId': {
    prepare: prepareTags,
    noInput: 'only the form and tag ids (an unknown one is a 404)',
    expect: { ...SUPER_ONLY, superReviewer: 200 },
  },
  'POST /api/admin/forms/:formId/rows/tags': {
    prepare: prepareTags,
    body: (f) => ({ rows: [`${f.responseId}__engineer`], tagId: f.extra.tagId, tagged: true }),
    expect: { ...SUPER_ONLY, superReviewer: 200 },
  },
  'GET /api/admin/forms/:formId/views': {
    prepare: prepareTags,
    noInput: 'only the form id (an unknown one is a 404)',
    expect: { ...SUPER_ONLY, superReviewer: 200 },
  },
  'POST /api/admin/forms/:formId/views': {
    body: () => ({ name: 'Offers to chase', state: { tab: 'all', filter: 'offer-pending', sort: 'name', dir: 'asc' } }),
    expect: { ...SUPER_ONLY, superReviewer: 201 },
  },
  'DELETE /api/admin/forms/:formId/views/:viewId': {
    prepare: prepareTags,
    noInput: 'only the form and view ids',
    // dora's view: she alone deletes it.
    expect: { ...SUPER_ONLY, superReviewer: 204 },
  },
  'POST /api/admin/forms/:formId/release': {
    stage: 'decided',
    body: () => ({}),
    expect: { ...SUPER_ONLY, superReviewer: 200 },
  },
  'POST /api/admin/assignments': {
    body: (f) => ({ kind: 'review', assignments: [{ responseId: f.responseId, role: 'bootcamp', staffId: 'rob' }] }),
    expect: { ...SUPER_ONLY, superReviewer: 201 },
  },
  'GET /api/admin/assessments/:kind/:id': { noInput: 'only the assessment kind and id', expect: assignedStaff(200) },
  'PUT /api/admin/assessments/:kind/:id': {
    body: () => ({ scores: { motivation: 3 }, comments: 'draft', version: 0 }),
    expect: assignedStaff(200),
  },
  'DELETE /api/admin/assessments/:kind/:id': {
    noInput: 'only the assessment kind and id',
    expect: { ...SUPER_ONLY, superReviewer: 204 },
  },
  'POST /api/admin/assessments/:kind/:id/submit': {
    body: () => ({ scores: REVIEW_SCORES, comments: 'done', version: 0 }),
    expect: assignedStaff(200),
  },
  'POST /api/admin/assessments/:kind/:id/reopen': {
    stage: 'reviewed',
    body: () => ({}),
    expect: { ...SUPER_ONLY, superReviewer: 200 },
  },
  'GET /api/admin/responses/:responseId': { noInput: 'only the response id', expect: assignedStaff(200) },
  'GET /api/admin/responses/:responseId/notes': {
    prepare: prepareNotes,
    noInput: 'only the response id',
    expect: assignedStaff(200),
  },
  'POST /api/admin/responses/:responseId/notes': {
    body: () => ({ text: 'Worth an interview, @dora Tester', private: false }),
    optionalFields: ['private'],
    expect: assignedStaff(201),
  },
  'PUT /api/admin/responses/:responseId/notes/:noteId': {
    prepare: prepareNotes,
    body: () => ({ text: 'Solid work, and a clear write-up' }),
    // rita's note: she alone changes it; the super-reviewer reads it but may not.
    expect: { ...assignedStaff(200), superReviewer: 403 },
  },
  'DELETE /api/admin/responses/:responseId/notes/:noteId': {
    prepare: prepareNotes,
    noInput: 'only the response and note ids',
    expect: { ...assignedStaff(204), superReviewer: 403 },
  },
  'PUT /api/admin/rows/:responseId/:role/qualified': {
    body: () => ({ qualified: true }),
    expect: { ...SUPER_ONLY, superReviewer: 200 },
  },
  'GET /api/admin/rows/:responseId/:role/letter': {
    stage: 'released',
    noInput: 'only the response id and role',
    expect: { ...SUPER_ONLY, superReviewer: 200 },
  },
  'POST /api/admin/rows/:responseId/:role/add-reviewer': {
    // rob, the one reviewer not on it, reviews engineer rows: the one the super-reviewer adds.
    prepare: async (f) => {
      await f.harness.store.update(COLLECTIONS.users, CALLERS.rob.uid, { applicantRolePreferences: ['engineer'] });
    },
    body: () => ({}),
    expect: { ...SUPER_ONLY, superReviewer: 201 },
  },
  'PUT /api/admin/rows/:responseId/:role/decision': {
    body: () => ({ decision: 'accepted' }),
    expect: { ...SUPER_ONLY, superReviewer: 200 },
  },
  'PUT /api/admin/rows/:responseId/:role/released-decision': {
    stage: 'released',
    body: () => ({ decision: 'waitlist' }),
    expect: { ...SUPER_ONLY, superReviewer: 200 },
  },
  'GET /api/admin/audit': {
    query: { limit: '10' },
    expect: { ...SUPER_ONLY, superReviewer: 200 },
  },
  'GET /api/admin/audit/export.csv': {
    query: { target: 'form' },
    expect: { ...SUPER_ONLY, superReviewer: 200 },
  },
  'GET /api/admin/outbox/failed': {
    noInput: 'takes no parameters, query or body',
    expect: { ...SUPER_ONLY, superReviewer: 200 },
  },
  'POST /api/admin/outbox/:messageId/resend': {
    prepare: async (f) => {
      await f.harness.store.set(COLLECTIONS.outbox, FAILED_MESSAGE_ID, {
        id: FAILED_MESSAGE_ID,
        to: 'ada@example.com',
        template: 'submissionReceipt',
        formId: f.formId,
        subject: 'We received your application',
        state: 'failed',
        attempts: 5,
        lastError: 'SMTP said no',
        updatedAt: START.toISOString(),
      });
    },
    body: () => ({}),
    expect: { ...SUPER_ONLY, superReviewer: 200 },
  },
  'GET /api/admin/forms/:formId/release/progress': {
    stage: 'released',
    noInput: 'only the form id',
    expect: { ...SUPER_ONLY, superReviewer: 200 },
  },
  'GET /api/admin/forms/:formId/retention': {
    noInput: 'only the form id',
    expect: { ...SUPER_ONLY, superReviewer: 200 },
  },
  'GET /api/admin/forms/:formId/release/dry-run': {
    noInput: 'only the form id',
    expect: { ...SUPER_ONLY, superReviewer: 200 },
  },
  'GET /api/admin/forms/:formId/release/schedule': {
    noInput: 'only the form id',
    expect: { ...SUPER_ONLY, superReviewer: 200 },
  },
  'PUT /api/admin/forms/:formId/release/schedule': {
    body: () => ({ at: new Date(START.getTime() + 24 * 60 * 60 * 1000).toISOString() }),
    expect: { ...SUPER_ONLY, superReviewer: 200 },
  },
  'DELETE /api/admin/forms/:formId/release/schedule': {
    noInput: 'only the form id',
    prepare: async (f) => {
      await f.harness.store.set(COLLECTIONS.releaseSchedules, f.formId, {
        formId: f.formId,
        at: new Date(START.getTime() + 24 * 60 * 60 * 1000).toISOString(),
        state: 'scheduled',
        reason: null,
        scheduledById: 'dora',
        scheduledByName: 'dora Tester',
        updatedAt: START.toISOString(),
      });
    },
    expect: { ...SUPER_ONLY, superReviewer: 204 },
  },
  'POST /api/admin/forms/:formId/interview-slots': {
    body: () => ({
      startsAt: new Date(START.getTime() + 3 * 24 * 60 * 60 * 1000).toISOString(),
      minutes: 30,
      place: 'Room 1',
      interviewerIds: ['rita'],
      capacity: 2,
    }),
    expect: { ...SUPER_ONLY, superReviewer: 201 },
  },
  'POST /api/admin/forms/:formId/interview-slots/series': {
    body: () => ({
      startsAt: new Date(START.getTime() + 3 * 24 * 60 * 60 * 1000).toISOString(),
      endsAt: new Date(START.getTime() + 3 * 24 * 60 * 60 * 1000 + 2 * 60 * 60 * 1000).toISOString(),
      minutes: 30,
      gapMinutes: 10,
      place: 'Room 1',
      interviewerIds: ['rita'],
      capacity: 1,
    }),
    expect: { ...SUPER_ONLY, superReviewer: 201 },
  },
  'PUT /api/admin/forms/:formId/interview-slots/:slotId': {
    prepare: (f) => prepareSlot(f),
    body: () => ({
      startsAt: new Date(START.getTime() + 4 * 24 * 60 * 60 * 1000).toISOString(),
      minutes: 45,
      place: 'Room 2',
      interviewerIds: ['rita'],
      capacity: 2,
    }),
    expect: { ...SUPER_ONLY, superReviewer: 200 },
  },
  'GET /api/admin/forms/:formId/interview-slots': {
    noInput: 'only the form id',
    expect: { ...SUPER_ONLY, superReviewer: 200 },
  },
  'DELETE /api/admin/forms/:formId/interview-slots/:slotId': {
    noInput: 'only the form and slot ids',
    prepare: (f) => prepareSlot(f),
    expect: { ...SUPER_ONLY, superReviewer: 204 },
  },
  'POST /api/admin/assessments/:kind/:id/conflict': {
    body: () => ({ reason: 'We share a flat' }),
    optionalFields: ['reason'],
    // Only the person assigned declares it; a super-reviewer unassigns instead.
    expect: { ...assignedStaff(201), superReviewer: 403 },
  },
  'GET /api/admin/forms/:formId/progress': {
    noInput: 'only the form id',
    expect: { ...SUPER_ONLY, superReviewer: 200 },
  },
  'GET /api/admin/forms/:formId/pipeline': {
    noInput: 'only the form id',
    expect: { ...SUPER_ONLY, superReviewer: 200 },
  },
  'GET /api/admin/forms/:formId/pipeline/rows': {
    query: { role: 'engineer', stage: 'submitted' },
    expect: { ...SUPER_ONLY, superReviewer: 200 },
  },
  'POST /api/admin/forms/:formId/progress/:staffId/remind': {
    // rita has an open review of ada's application: a reminder is queued for her.
    body: () => ({}),
    expect: { ...SUPER_ONLY, superReviewer: 201 },
  },
  'GET /api/admin/conflicts': {
    noInput: 'takes no parameters, query or body',
    expect: { ...verified(200), owner: 403, otherApplicant: 403 },
  },
  'POST /api/admin/conflicts': {
    body: () => ({ email: 'friend@example.com', reason: 'A friend' }),
    optionalFields: ['reason'],
    expect: { ...verified(201), owner: 403, otherApplicant: 403 },
  },
  'DELETE /api/admin/conflicts/:conflictId': {
    // rita declared it: she and the super-reviewer withdraw it; another reviewer learns nothing of it.
    prepare: async (f) => {
      const res = await f.harness.as('rita').post('/admin/conflicts', { email: 'friend@example.com' });
      if (res.status !== 201) throw new Error(`conflict: ${res.status} ${res.text}`);
      f.extra.conflictId = (res.body as { id: string }).id;
    },
    noInput: 'only the conflict id',
    expect: { ...verified(404), owner: 403, otherApplicant: 403, assignedReviewer: 204, superReviewer: 204 },
  },
  'GET /api/admin/interviews/mine': {
    noInput: 'takes no parameters, query or body',
    // ada booked rita's slot: what the interviewer reads of her booking (the blind sweep checks it).
    prepare: (f) => prepareSlot(f, { bookedByOwner: true }),
    expect: { ...verified(200), owner: 403, otherApplicant: 403 },
  },
  'GET /api/interviews/:formId': { noInput: 'only the form id', expect: verified(200) },
  'PUT /api/interviews/:formId/booking': {
    // Only ada is invited (her engineer row is qualified); everyone else is refused.
    prepare: (f) => prepareSlot(f),
    body: () => ({ slotId: SLOT_ID }),
    expect: { ...verified(403), owner: 200 },
  },
  'DELETE /api/interviews/:formId/booking': {
    noInput: 'only the form id',
    prepare: (f) => prepareSlot(f, { bookedByOwner: true }),
    expect: { ...verified(404), owner: 200 },
  },
};

/** What each path parameter names in the fixture. */
export function defaultParams(f: Fixture): Record<string, string> {
  return {
    formId: f.formId,
    responseId: f.responseId,
    questionId: 'resume',
    fileId: f.fileId,
    role: 'engineer',
    kind: 'review',
    id: f.reviewId,
    userId: 'rita',
    slotId: SLOT_ID,
    messageId: FAILED_MESSAGE_ID,
    // The conflict's public id, once a row's `prepare` declared one.
    conflictId: f.extra.conflictId ?? '',
    staffId: 'rita',
    // rita's note, once a row's `prepare` wrote it.
    noteId: f.extra.noteId ?? '',
    // dora's tag and saved view, once a row's `prepare` made them.
    tagId: f.extra.tagId ?? '',
    viewId: f.extra.viewId ?? '',
  };
}

/** The concrete path (with the /api prefix and query) of a route key against a fixture. */
export function concretePath(key: string, f: Fixture, query?: Record<string, string>): string {
  const row = MATRIX[key];
  const params = { ...defaultParams(f), ...row?.params?.(f) };
  const path = parseRouteKey(key).path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`no value for :${name} in ${key}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams(query ?? row?.query ?? {}).toString();
  return search ? `${path}?${search}` : path;
}

/** A request as `caller` (null: no token) with the method of `key`, not yet sent. */
export function call(harness: Harness, caller: Caller | null, key: string, path: string): request.Test {
  const method = parseRouteKey(key).method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  const test = request(harness.server)[method](path);
  return caller === null ? test : test.set('Authorization', `Bearer token-${CALLERS[caller].uid}`);
}

export const callerOf = (who: Who): Caller | null => (who === 'anonymous' ? null : CALLER_OF[who]);

/** Which input a route takes, for the hostile-input suite. */
export function inputOf(row: MatrixRow): 'body' | 'query' | 'upload' | 'none' {
  if (row.upload) return 'upload';
  if (row.body) return 'body';
  if (row.query) return 'query';
  return 'none';
}

/** The caller the hostile-input suite uses: one who gets a 2xx from the route. */
export function allowedCaller(row: MatrixRow): Who {
  const order: Who[] = [
    'owner',
    'assignedReviewer',
    'superReviewer',
    'otherApplicant',
    'unassignedReviewer',
    'unverified',
    'anonymous',
  ];
  const who = order.find((each) => row.expect[each] >= 200 && row.expect[each] < 300);
  if (!who) throw new Error('no caller is allowed on this route');
  return who;
}
