import {
  COLLECTIONS,
  normalizeSearch,
  rowWithDecision,
  searchToken,
  searchTokens,
  STAFF_MESSAGES,
  STAFF_ROLES,
  type ApplicationForm,
  type ApplicationResponse,
  type ApplicationRow,
  type ApplicationRowView,
  type Assessment,
  type AssessmentKind,
  type AssessmentView,
  type FinalDecision,
  type Page,
  type RowSort,
  type RowTab,
  type StaffApplication,
  type StaffLoad,
  type StaffSummary,
  type TeamRole,
  type User,
} from '@portal/shared/domain';
import { auditEntry, recordInTransaction, type AuditActor } from '../audit/audit-entry';
import { ApiError } from '../http/api-error';
import type { DocumentStore, EqualityFilter } from '../store/document-store';
import {
  assessmentCollection,
  loadCounts,
  noFormError,
  noResponseError,
  noRowError,
  queryAll,
  queryPage,
  readApplication,
  rowId,
  sectionsForReviewers,
  toAssessmentView,
  toRowView,
  writeApplication,
} from './reviews.repository';

const SORT_FIELDS: Record<RowSort, string> = {
  name: 'sortName',
  submittedAt: 'submittedAt',
  reviewScore: 'reviewScore',
  interviewScore: 'interviewScore',
};

function searchFilter(search: string | undefined): EqualityFilter[] {
  const token = searchToken(search ?? '');
  return token ? [{ field: 'searchTokens', op: 'array-contains', value: token }] : [];
}

/** Staff users, read with one equality query per staff role (never a scan of every applicant). */
export async function listStaff(store: DocumentStore): Promise<User[]> {
  const lists = await Promise.all(
    STAFF_ROLES.map((role) => queryAll<User>(store, COLLECTIONS.users, [{ field: 'role', value: role }])),
  );
  return lists.flat().sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export function createDashboardService(deps: { store: DocumentStore; now?: () => Date }) {
  const { store } = deps;
  const now = deps.now ?? (() => new Date());

  async function formOrNotFound(formId: string): Promise<ApplicationForm> {
    const form = await store.get<ApplicationForm>(COLLECTIONS.forms, formId);
    if (!form) throw noFormError();
    return form;
  }

  return {
    async rows(
      formId: string,
      query: { tab: RowTab; search?: string; sort: RowSort; dir: 'asc' | 'desc'; cursor?: string; limit: number },
    ): Promise<Page<ApplicationRowView>> {
      await formOrNotFound(formId);
      const where: EqualityFilter[] = [
        { field: 'applicationFormId', value: formId },
        ...(query.tab === 'qualified' ? [{ field: 'qualified', value: true }] : []),
        ...searchFilter(query.search),
      ];
      const page = await queryPage<ApplicationRow>(store, COLLECTIONS.reviewStatuses, {
        where,
        orderBy: { field: SORT_FIELDS[query.sort], direction: query.dir },
        limit: query.limit,
        after: query.cursor,
      });
      return { ...page, items: page.items.map(toRowView) };
    },

    async staff(formId: string, query: { kind: AssessmentKind; search?: string }): Promise<{ items: StaffSummary[] }> {
      await formOrNotFound(formId);
      const [users, loads] = await Promise.all([
        listStaff(store),
        queryAll<StaffLoad>(store, COLLECTIONS.staffLoads, [{ field: 'applicationFormId', value: formId }]),
      ]);
      const byStaff = new Map(loads.map((load) => [load.staffId, load]));
      const token = searchToken(query.search ?? '');
      const matches = (user: User & { searchTokens?: unknown }) =>
        !token ||
        (Array.isArray(user.searchTokens) ? (user.searchTokens as string[]) : searchTokens(user)).includes(token);
      const items = users.filter(matches).map((user) => ({
        user: {
          id: user.id,
          firstName: user.firstName,
          lastName: user.lastName,
          email: user.email,
          role: user.role,
          applicantRolePreferences: user.applicantRolePreferences ?? [],
        },
        ...loadCounts(byStaff.get(user.id), query.kind),
      }));
      const name = (summary: StaffSummary) => normalizeSearch(`${summary.user.firstName} ${summary.user.lastName}`);
      items.sort((a, b) => name(a).localeCompare(name(b)) || (a.user.id < b.user.id ? -1 : 1));
      return { items };
    },

    async assessments(
      formId: string,
      caller: User,
      query: { kind: AssessmentKind; staffId?: string; search?: string; cursor?: string; limit: number },
    ): Promise<Page<AssessmentView>> {
      const staffId = query.staffId ?? caller.id;
      if (caller.role !== 'super-reviewer' && staffId !== caller.id) {
        throw new ApiError('forbidden', STAFF_MESSAGES.notAssigned);
      }
      await formOrNotFound(formId);
      const page = await queryPage<Assessment>(store, assessmentCollection(query.kind), {
        where: [
          { field: 'applicationFormId', value: formId },
          { field: 'staffId', value: staffId },
          ...searchFilter(query.search),
        ],
        orderBy: { field: 'createdAt', direction: 'asc' },
        limit: query.limit,
        after: query.cursor,
      });
      return { ...page, items: page.items.map(toAssessmentView) };
    },

    async application(responseId: string, caller: User): Promise<StaffApplication> {
      const isSuper = caller.role === 'super-reviewer';
      if (!isSuper) {
        const mine = await Promise.all(
          (['review', 'interview'] as const).map((kind) =>
            store.count(assessmentCollection(kind), [
              { field: 'responseId', value: responseId },
              { field: 'staffId', value: caller.id },
            ]),
          ),
        );
        if (mine.every((count) => count === 0)) throw new ApiError('forbidden', STAFF_MESSAGES.notAssigned);
      }
      const response = await store.get<ApplicationResponse>(COLLECTIONS.responses, responseId);
      if (!response) throw noResponseError();
      const form = await formOrNotFound(response.applicationFormId);
      const applicant = await store.get<User>(COLLECTIONS.users, response.userId);
      const rows = await Promise.all(
        response.rolesApplied.map((role) =>
          store.get<ApplicationRow>(COLLECTIONS.reviewStatuses, rowId(response.id, role)),
        ),
      );
      const views = rows.filter((row): row is ApplicationRow => row !== null).map(toRowView);
      return {
        form,
        response: isSuper
          ? response
          : { ...response, sectionResponses: sectionsForReviewers(form, response.sectionResponses) },
        applicant: {
          id: response.userId,
          firstName: applicant?.firstName ?? '',
          lastName: applicant?.lastName ?? '',
          email: applicant?.email ?? '',
        },
        rows: isSuper ? views : views.map((row) => withOnlyOwnScores(row, caller.id)),
      };
    },

    async setQualified(
      responseId: string,
      role: TeamRole,
      qualified: boolean,
      actor: AuditActor,
    ): Promise<ApplicationRowView> {
      const at = now().toISOString();
      return store.transaction(async (tx) => {
        const row = await tx.get<ApplicationRow>(COLLECTIONS.reviewStatuses, rowId(responseId, role));
        if (!row) throw noRowError();
        const next = { ...row, qualified };
        tx.set(COLLECTIONS.reviewStatuses, row.id, next);
        recordInTransaction(
          tx,
          auditEntry({
            actor,
            action: 'qualified.set',
            target: { collection: COLLECTIONS.reviewStatuses, id: row.id },
            formId: row.applicationFormId,
            before: { qualified: row.qualified },
            after: { qualified },
            at,
          }),
        );
        return toRowView(next);
      });
    },

    async decide(
      responseId: string,
      role: TeamRole,
      decision: FinalDecision,
      actor: AuditActor,
    ): Promise<ApplicationRowView> {
      const at = now().toISOString();
      return store.transaction(async (tx) => {
        const state = await readApplication(tx, responseId);
        const row = state?.rows.get(rowId(responseId, role));
        if (!state || !row) throw noRowError();
        const form = await tx.get<ApplicationForm>(COLLECTIONS.forms, row.applicationFormId);
        if (!form) throw noFormError();
        if (form.decisionsReleased) throw new ApiError('conflict', STAFF_MESSAGES.decisionsReleased);
        const next = rowWithDecision(row, decision);
        writeApplication(tx, state, [next]);
        recordInTransaction(
          tx,
          auditEntry({
            actor,
            action: 'decision.set',
            target: { collection: COLLECTIONS.reviewStatuses, id: row.id },
            formId: row.applicationFormId,
            before: { decision: row.decision, final: row.final },
            after: { decision: next.decision, final: next.final },
            at,
          }),
        );
        return toRowView(next);
      });
    },

    async release(formId: string, actor: AuditActor): Promise<ApplicationForm> {
      return store.transaction(async (tx) => {
        const current = await tx.get<ApplicationForm>(COLLECTIONS.forms, formId);
        if (!current) throw noFormError();
        if (current.decisionsReleased) throw new ApiError('conflict', STAFF_MESSAGES.decisionsReleased);
        // Counted in the transaction: a submit that adds an undecided row before commit makes it retry.
        const undecided = await tx.count(COLLECTIONS.reviewStatuses, [
          { field: 'applicationFormId', value: formId },
          { field: 'final', value: false },
        ]);
        if (undecided > 0) throw new ApiError('conflict', STAFF_MESSAGES.undecided(undecided));
        const released = { ...current, decisionsReleased: true };
        tx.set(COLLECTIONS.forms, formId, released);
        recordInTransaction(
          tx,
          auditEntry({
            actor,
            action: 'decisions.released',
            target: { collection: COLLECTIONS.forms, id: formId },
            formId,
            before: { decisionsReleased: false },
            after: { decisionsReleased: true },
            at: now().toISOString(),
          }),
        );
        return released;
      });
    },
  };
}

/** A reviewer sees who else is assigned, but not their scores (so as not to anchor their own). */
function withOnlyOwnScores(row: ApplicationRowView, staffId: string): ApplicationRowView {
  const strip = (refs: ApplicationRowView['reviews']) =>
    refs.map((ref) => {
      if (ref.staffId === staffId) return ref;
      const { scores: _scores, ...rest } = ref;
      return rest;
    });
  return { ...row, reviews: strip(row.reviews), interviews: strip(row.interviews) };
}
