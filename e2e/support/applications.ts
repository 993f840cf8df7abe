import { expect, type APIRequestContext } from '@playwright/test';
import {
  withAnswer,
  type ApplicationResponse,
  type AssessmentView,
  type Page as ListPage,
  type StaffMember,
  type TeamRole,
} from '@portal/shared/domain';
import { DEMO, DEMO_PASSWORD } from './accounts';
import { makePdf } from './pdf';

export const FORM = 'demo-form-spring';
const words = (n: number, word = 'impact') => Array.from({ length: n }, (_, i) => `${word}${i}`).join(' ');

/** Signs in through the Auth emulator's REST API, as the Firebase SDK does, and returns the id token. */
export async function idToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post('/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key', {
    data: { email, password, returnSecureToken: true },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { idToken: string }).idToken;
}

/** The director's Authorization header, signed in through the Auth emulator. */
export async function directorHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  return { Authorization: `Bearer ${await idToken(request, DEMO.director, DEMO_PASSWORD)}` };
}

/** Text answers to use instead of the defaults; `submit: false` only saves the answers. */
export interface ApplicationOptions {
  preferredName?: string;
  /** Must still be 20 to 300 words. */
  whyJoin?: string;
  submit?: boolean;
  /** Another form than the demo form (with the demo form's questions). */
  formId?: string;
  /** The resume's file name as the applicant's computer names it (default resume.pdf). */
  resumeFileName?: string;
}

/**
 * Starts, answers and submits an application through the API (the browser journey is tested on
 * its own): the demo form's questions for the general sections, applying for `roles`.
 */
export async function submitApplication(
  request: APIRequestContext,
  account: { email: string; password: string },
  roles: TeamRole[] = ['bootcamp'],
  options: ApplicationOptions = {},
): Promise<ApplicationResponse> {
  const headers = { Authorization: `Bearer ${await idToken(request, account.email, account.password)}` };
  const started = await request.post('/api/responses', { headers, data: { formId: options.formId ?? FORM } });
  expect(started.ok(), await started.text()).toBe(true);
  let response = (await started.json()) as ApplicationResponse;
  const upload = await request.post(`/api/files/${response.id}/resume`, {
    headers: {
      ...headers,
      'Content-Type': 'application/pdf',
      'X-File-Name': encodeURIComponent(options.resumeFileName ?? 'resume.pdf'),
    },
    data: makePdf(4096),
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { id: resumeId } = (await upload.json()) as { id: string };
  const answers: [string, string, string | string[]][] = [
    ['about-you', 'preferred-name', options.preferredName ?? 'Nova'],
    ['about-you', 'year', 'Second year'],
    ['about-you', 'resume', resumeId],
    ['roles', 'roles', roles],
    ['motivation', 'why-join', options.whyJoin ?? words(30)],
    ['motivation', 'interests', ['Education']],
  ];
  for (const [sectionId, questionId, value] of answers) response = withAnswer(response, sectionId, questionId, value);
  if (options.submit === false) {
    const saved = await request.put(`/api/application/save/${response.id}`, { headers, data: response });
    expect(saved.status(), await saved.text()).toBe(200);
    return (await saved.json()) as ApplicationResponse;
  }
  const submitted = await request.post('/api/application/submit', { headers, data: response });
  expect(submitted.status(), await submitted.text()).toBe(200);
  return (await submitted.json()) as ApplicationResponse;
}

type Headers = Record<string, string>;

/** Assigns staff to applications' roles, as the director's dashboard does; returns the new assignments. */
export async function assign(
  request: APIRequestContext,
  headers: Headers,
  kind: 'review' | 'interview',
  assignments: { responseId: string; role: TeamRole; staffId: string }[],
): Promise<AssessmentView[]> {
  const res = await request.post('/api/admin/assignments', { headers, data: { kind, assignments } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { created: AssessmentView[] }).created;
}

/** The demo reviewer as the director's staff list shows them. */
export async function demoReviewer(request: APIRequestContext, headers: Headers): Promise<StaffMember> {
  const staff = await request.get(`/api/admin/users?search=${encodeURIComponent(DEMO.reviewer)}`, { headers });
  expect(staff.status(), await staff.text()).toBe(200);
  return ((await staff.json()) as ListPage<StaffMember>).items.find((user) => user.email === DEMO.reviewer)!;
}

/** The demo reviewer, having chosen the roles they review (else their first visit opens the roles dialog). */
export async function demoReviewerWithRoles(request: APIRequestContext, headers: Headers): Promise<StaffMember> {
  const reviewer = await demoReviewer(request, headers);
  const preferences = await request.put(`/api/users/${reviewer.id}/preferences`, {
    headers,
    data: { roles: ['bootcamp', 'engineer', 'designer'] },
  });
  expect(preferences.status(), await preferences.text()).toBe(200);
  return reviewer;
}
