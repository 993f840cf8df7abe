import {
  applicationFormSchema,
  DEFAULT_PRIVACY_NOTICE_VERSION,
  QUESTION_TYPES,
  searchTokens,
  userSchema,
  type ApplicationForm,
  type UserRecord,
} from '@portal/shared/domain';
import { formStatusOf } from '../forms/form-status';
import { COLLECTIONS } from '../store/collections';
import type { AccountSpec, IdentityAdmin } from '../identity/identity-admin';
import { createInMemoryIdentityAdmin } from '../identity/in-memory-identity-admin';
import type { DocumentStore } from '../store/document-store';
import { DEMO_USERS } from './demo-accounts';
import { demoForm } from './demo-form';
import { seedDemoData } from './seed-demo-data';
import { userRecord } from '../users/users.repository';
import { testSqliteStore } from '../testing/test-store';

const NOW = new Date('2026-01-15T12:00:00.000Z');

function recordingAccounts(): IdentityAdmin & { specs: AccountSpec[] } {
  const specs: AccountSpec[] = [];
  return {
    ...createInMemoryIdentityAdmin(),
    specs,
    async ensureAccount(spec) {
      const existed = specs.some((seen) => seen.uid === spec.uid);
      specs.push(spec);
      return existed ? 'existed' : 'created';
    },
  };
}

describe('the demo form', () => {
  const form = demoForm(NOW);
  const questions = form.sections.flatMap((section) => section.questions);

  it('is a valid application form, open and due in the future', () => {
    expect(() => applicationFormSchema.parse(form)).not.toThrow();
    expect(form.isActive).toBe(true);
    expect(new Date(form.dueDate).getTime()).toBeGreaterThan(NOW.getTime());
  });

  it('uses every question type', () => {
    expect(new Set(questions.map((question) => question.questionType))).toEqual(new Set(QUESTION_TYPES));
  });

  it('has sections for everyone and sections for specific roles', () => {
    expect(form.sections.some((section) => section.forRoles === undefined)).toBe(true);
    expect(form.sections.some((section) => (section.forRoles?.length ?? 0) > 0)).toBe(true);
  });

  it('gives every question an id of its own', () => {
    const ids = questions.map((question) => question.questionId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('asks for a PDF of up to 10 MB', () => {
    const upload = questions.find((question) => question.questionType === 'file-upload');
    expect(upload).toMatchObject({ acceptedTypes: ['application/pdf'], maxSizeBytes: 10 * 1024 * 1024 });
  });
});

describe('the demo users', () => {
  it('are valid users on the reserved example.com domain, one per role', () => {
    for (const user of DEMO_USERS) {
      expect(() => userSchema.parse(user)).not.toThrow();
      expect(user.email).toMatch(/@example\.com$/);
    }
    expect(new Set(DEMO_USERS.map((user) => user.role))).toEqual(new Set(['applicant', 'reviewer', 'super-reviewer']));
  });
});

describe('seedDemoData', () => {
  let store: DocumentStore;
  beforeEach(() => {
    store = testSqliteStore();
  });
  afterEach(() => store.close());

  it('stores the demo form, its status document and users', async () => {
    expect(await seedDemoData({ store, accounts: recordingAccounts(), now: NOW })).toEqual({ seeded: true });
    expect(await store.get(COLLECTIONS.forms, 'demo-form-spring')).toEqual(demoForm(NOW));
    expect(await store.get(COLLECTIONS.formStatus, 'demo-form-spring')).toEqual(formStatusOf(demoForm(NOW)));
    const accepted = { version: DEFAULT_PRIVACY_NOTICE_VERSION, acceptedAt: NOW.toISOString() };
    for (const user of DEMO_USERS) {
      expect(await store.get(COLLECTIONS.users, user.id)).toEqual(userRecord({ ...user, privacyNotice: accepted }));
    }
  });

  it('records that each demo user accepted the privacy notice in force, as a sign-up would', async () => {
    await seedDemoData({ store, accounts: recordingAccounts(), now: NOW, privacyNoticeVersion: '2026-09' });
    for (const user of DEMO_USERS) {
      expect(await store.get(COLLECTIONS.users, user.id)).toMatchObject({
        privacyNotice: { version: '2026-09', acceptedAt: NOW.toISOString() },
      });
    }
  });

  it('stores each demo user with the search tokens and sort name the admin users list looks them up by', async () => {
    await seedDemoData({ store, accounts: recordingAccounts(), now: NOW });
    const director = await store.get<UserRecord>(COLLECTIONS.users, 'demo-director');
    expect(director).toMatchObject({ sortName: 'dana director', searchTokens: searchTokens(DEMO_USERS[2]!) });
    expect(director!.searchTokens).toEqual(expect.arrayContaining(['dana d', 'direc', 'director@']));
  });

  it('makes sure every demo user has a verified identity account', async () => {
    const accounts = recordingAccounts();
    await seedDemoData({ store, accounts, now: NOW });
    expect(accounts.specs.map((spec) => spec.uid).sort()).toEqual(DEMO_USERS.map((user) => user.id).sort());
    for (const spec of accounts.specs) {
      const user = DEMO_USERS.find((candidate) => candidate.id === spec.uid)!;
      expect(spec).toMatchObject({
        email: user.email,
        emailVerified: true,
        displayName: `${user.firstName} ${user.lastName}`,
      });
      expect(spec.password.length).toBeGreaterThanOrEqual(6);
    }
  });

  it('seeds once and keeps later changes on the next start', async () => {
    const accounts = recordingAccounts();
    await seedDemoData({ store, accounts, now: NOW });
    await store.update(COLLECTIONS.forms, 'demo-form-spring', { semester: 'Changed by an admin' });
    await store.delete(COLLECTIONS.users, 'demo-reviewer');

    expect(await seedDemoData({ store, accounts, now: new Date('2026-02-01T00:00:00.000Z') })).toEqual({
      seeded: false,
    });
    expect((await store.get<ApplicationForm>(COLLECTIONS.forms, 'demo-form-spring'))?.semester).toBe(
      'Changed by an admin',
    );
    expect(await store.get(COLLECTIONS.users, 'demo-reviewer')).toBeNull();
    expect(accounts.specs).toHaveLength(DEMO_USERS.length * 2);
  });
});
