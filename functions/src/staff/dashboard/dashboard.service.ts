import {
  answersForReviewers,
  answerWords,
  fairReviewFields,
  type ApplicationForm,
  type ApplicationResponse,
  type ApplicationRow,
  type DashboardRowView,
  type FormCalibration,
  type ListedRow,
  applicantPseudonym,
  calibratedKeys,
  blindAssessmentView,
  blindResponse,
  blindRowView,
  isBlind,
  readsBlind,
  foldSearch,
  normalizeSearch,
  rolePreferencesStale,
  offerCountsByRole,
  matchesSearch,
  searchTerms,
  searchText,
  searchToken,
  searchTokens,
  STAFF_MESSAGES,
  toRowView,
  withOnlyOwnScores,
  type Assessment,
  type AssessmentKind,
  type AssessmentView,
  type OfferCounts,
  type RowInterviewBooking,
  type Page,
  type RowSort,
  type RowFilter,
  type RowTab,
  type StaffApplication,
  type StaffMember,
  type StaffSummary,
  type User,
  WITHHELD_ID,
} from '@portal/shared/domain';
import { noFormError } from '../../forms/forms.service';
import { ApiError } from '../../http/api-error';
import { memoryCursorPosition, pageInMemory } from '../../store/memory-pages';
import type { CalibrationCache } from '../calibration-cache';
import { noResponseError } from '../../responses/responses.service';
import { CALIBRATED_ORDER, ROW_SORT_FIELDS, type CalibratedKeys, type ReviewsRepository } from '../reviews.repository';
import { createCalibratedOrder, type CalibratedOrderRepository } from './calibrated-order';
import { loadCounts } from '../staff-load';

/** An assessment as the API sends it; `blind`: the applicant shown by their pseudonym, without their user id. */
export function toAssessmentView(assessment: Assessment, blind = false): AssessmentView {
  const { searchTokens: _tokens, ...view } = assessment;
  return blind ? blindAssessmentView(view) : view;
}

export const staffMember = (user: User): StaffMember => ({
  id: user.id,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  role: user.role,
  applicantRolePreferences: user.applicantRolePreferences ?? [],
});

/** The form, or 404. */
export async function formOrNotFound(reviews: Pick<ReviewsRepository, 'getForm'>, formId: string) {
  const form = await reviews.getForm(formId);
  if (!form) throw noFormError();
  return form;
}

type DashboardRow = DashboardRowView & { stored: ListedRow };

const dashboardRow =
  (form: ApplicationForm, calibration: FormCalibration) =>
  (row: ListedRow): DashboardRowView => ({ ...toRowView(row), ...fairReviewFields(form, calibration, row) });

/** The reads of the dashboards. */
export type DashboardRepository = Pick<
  ReviewsRepository,
  | 'allAssessmentsOf'
  | 'allRows'
  | 'assessmentKindsOn'
  | 'assessmentsPage'
  | 'getForm'
  | 'getResponse'
  | 'getUser'
  | 'interviewSlots'
  | 'listStaff'
  | 'loadsOf'
  | 'offeredRows'
  | 'rowsOf'
  | 'rowsPage'
  | 'rowsPageAt'
>;

/** What the dashboards read: rows, staff loads, someone's assessments, one application. */
export function createDashboardService(deps: {
  reviews: DashboardRepository & CalibratedOrderRepository;
  calibration: CalibrationCache;
  now: () => Date;
}) {
  const { reviews, calibration } = deps;
  const order = createCalibratedOrder(deps);

  /** Who booked which slot of the form: by response (one booking per applicant and form). */
  async function bookingsOf(formId: string): Promise<Map<string, RowInterviewBooking>> {
    const booked = new Map<string, RowInterviewBooking>();
    for (const slot of await reviews.interviewSlots(formId)) {
      for (const booking of slot.bookings) {
        booked.set(booking.responseId, {
          slotId: slot.id,
          startsAt: slot.startsAt,
          minutes: slot.minutes,
          interviewerNames: slot.interviewerNames,
        });
      }
    }
    return booked;
  }

  return {
    async rows(
      formId: string,
      query: {
        tab: RowTab;
        search?: string;
        sort: RowSort;
        dir: 'asc' | 'desc';
        filter?: RowFilter;
        tag?: string;
        cursor?: string;
        limit: number;
      },
    ): Promise<Page<DashboardRowView>> {
      const calibratedSort = query.sort === 'calibratedReviewScore';
      const disagreement = query.filter === 'disagreement';
      // These listings page from the store or in memory with `pageInMemory`'s cursors: one that is
      // not is refused before the calibration is read (and its sums stored, when learnt).
      if ((calibratedSort || disagreement) && query.cursor) memoryCursorPosition(query.cursor);
      // The form, its calibration's record and (for the listings that read the rows' calibrated keys
      // and flags) the mark of their calibration are read side by side: gets by the form's id, one
      // round trip, not three one after the other.
      const stored = !query.cursor || calibratedSort || disagreement ? calibration.read(formId) : undefined;
      const mark = calibratedSort || disagreement ? reviews.getCalibratedOrderMark(formId) : undefined;
      mark?.catch(() => undefined);
      const where = {
        qualifiedOnly: query.tab === 'qualified',
        filter: query.filter,
        token: searchText(query.search ?? ''),
        tag: query.tag,
      };
      // A page in a stored order needs nothing of the form: it is read beside it. A form that does not
      // exist still answers 404 (and its read, were it to write, writes nothing).
      const formRead = formOrNotFound(reviews, formId);
      const { sort } = query;
      const plainPage =
        sort !== 'calibratedReviewScore' && !disagreement
          ? reviews.rowsPage(formId, {
              ...where,
              sort,
              dir: query.dir,
              cursor: query.cursor,
              limit: query.limit,
              writesAfter: formRead,
            })
          : undefined;
      plainPage?.catch(() => undefined);
      const form = await formRead;
      // The calibration is read beside the rows, but after a store cursor (which only the store can
      // refuse: refused, nothing is stored, as learnt sums would be). The sort by calibrated score and
      // the disagreement filter read what its version stored on the rows (calibrated-order.ts).
      const current = calibratedSort || disagreement ? calibration.current(form, stored) : undefined;
      let model: Promise<FormCalibration> | undefined = current
        ? current.then((each) => each.model)
        : query.cursor
          ? undefined
          : calibration.of(form, stored);
      // Awaited below; a failure meanwhile is not left unhandled.
      model?.catch(() => undefined);
      const viewsOf = async (rows: readonly ListedRow[]) => {
        const [calibrated, booked] = await Promise.all([
          (model ??= calibration.of(form)),
          query.tab === 'qualified' ? bookingsOf(formId) : Promise.resolve(new Map<string, RowInterviewBooking>()),
        ]);
        const toRow = dashboardRow(form, calibrated);
        return rows.map((row): DashboardRow => {
          const booking = booked.get(row.responseId);
          return { ...toRow(row), ...(booking ? { interviewBooking: booking } : {}), stored: row };
        });
      };
      const withoutStored = ({ stored: _stored, ...row }: DashboardRow): DashboardRowView => row;
      if (plainPage) {
        const page = await plainPage;
        return { ...page, items: (await viewsOf(page.items)).map(withoutStored) };
      }
      // The calibrated score is read in ascending order of its stored keys either way (`calibratedKeys`).
      const orderBy =
        sort === 'calibratedReviewScore'
          ? { field: CALIBRATED_ORDER[query.dir], direction: 'asc' as const }
          : { field: ROW_SORT_FIELDS[sort], direction: query.dir };
      // The composite indexes hold the calibrated keys of all the form's rows, and each stored sort of
      // its rows flagged for disagreement: the qualified tab, a search and the other filters with the
      // calibrated sort are sorted in memory (docs/performance.md#index-budget).
      const indexed = !where.token && !where.tag && !where.qualifiedOnly && !(calibratedSort && query.filter);
      // The calibrated keys and disagreement flags once they are of the form's calibration
      // (calibrated-order.ts); not while another computation stores them.
      let ready = current && (indexed || disagreement) ? await order.ready(form, await current, mark) : false;
      if (indexed && ready) {
        const page = await reviews.rowsPageAt(formId, {
          ...where,
          orderBy,
          cursor: query.cursor,
          limit: query.limit,
        });
        const rows = await viewsOf(page.items);
        // A page with a row whose flag no longer holds (a review submitted since) is answered in memory.
        if (!disagreement || rows.every((row) => row.disagreement)) return { ...page, items: rows.map(withoutStored) };
        ready = false;
      }
      // In memory, in the stores' order and with their cursors: the tab's and filter's rows (or the
      // search's matches), the disagreement filter checked against the form as it is now: from the
      // flagged rows while the flags are of its calibration, else from every row of the tab.
      let rows = await viewsOf(
        await reviews.allRows(formId, disagreement && !ready ? { ...where, filter: undefined } : where),
      );
      if (disagreement) rows = rows.filter((row) => row.disagreement);
      const keyed = rows.map((row) => ({
        id: row.id,
        row,
        [orderBy.field]: calibratedSort
          ? calibratedKeys(row.calibratedReviewScore)[orderBy.field as keyof CalibratedKeys]
          : row.stored[orderBy.field as keyof ApplicationRow],
      }));
      const page = pageInMemory(keyed, { orderBy, limit: query.limit, after: query.cursor });
      return { ...page, items: page.items.map((each) => withoutStored(each.row)) };
    },

    /** Offers made per role and how applicants answered them. */
    async offers(formId: string): Promise<{ items: OfferCounts[] }> {
      await formOrNotFound(reviews, formId);
      return { items: offerCountsByRole(await reviews.offeredRows(formId)) };
    },

    async staff(formId: string, query: { kind: AssessmentKind; search?: string }): Promise<{ items: StaffSummary[] }> {
      const form = await formOrNotFound(reviews, formId);
      const [users, loads] = await Promise.all([reviews.listStaff(), reviews.loadsOf(formId)]);
      const byStaff = new Map(loads.map((load) => [load.staffId, load]));
      const token = searchToken(query.search ?? '');
      const matches = (user: User & { searchTokens?: unknown }) =>
        !token ||
        (Array.isArray(user.searchTokens) ? (user.searchTokens as string[]) : searchTokens(user)).includes(token);
      const items = users.filter(matches).map((user) => ({
        user: staffMember(user),
        ...loadCounts(byStaff.get(user.id), query.kind),
        rolesToChoose: user.role === 'reviewer' && rolePreferencesStale(user, form),
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
        throw ApiError.because('not-assigned', STAFF_MESSAGES.notAssigned);
      }
      const form = await formOrNotFound(reviews, formId);
      const blind = readsBlind(caller, form, [query.kind]);
      const terms = searchTerms(query.search ?? '');
      if (terms.length > 0) {
        // Over the staff member's own few, in memory: the words of the answers the caller may read of
        // each (docs/decisions/answer-search.md), and the applicant's name and email, or in blind
        // review their pseudonym alone (a name must not find anyone).
        const mine = await reviews.allAssessmentsOf(query.kind, formId, staffId);
        const responses = new Map<string, ApplicationResponse | null>();
        for (const responseId of new Set(mine.map((each) => each.responseId))) responses.set(responseId, null);
        await Promise.all([...responses.keys()].map(async (id) => responses.set(id, await reviews.getResponse(id))));
        const wanted = normalizeSearch(query.search ?? '');
        const readable = (response: ApplicationResponse | null | undefined) =>
          !response
            ? []
            : caller.role === 'super-reviewer'
              ? response.sectionResponses
              : answersForReviewers(form, response.sectionResponses, blind);
        const matched = mine.filter((each) => {
          if (blind && normalizeSearch(applicantPseudonym(each.responseId)).includes(wanted)) return true;
          const names = blind ? [] : each.searchTokens;
          if (matchesSearch(names, terms)) return true;
          const answers = readable(responses.get(each.responseId));
          // Only answers holding every term's text can hold it as a word: the others are not split.
          // The text is folded but its spaces are left as they are (`normalizeSearch`'s whitespace
          // pass was most of a long text's cost): a word holds no space, and a term that does can
          // only match the names, checked first.
          const text = foldSearch(answers.flatMap((s) => s.questions.map((q) => q.response)).join(' '));
          if (!terms.every((term) => names.includes(term) || text.includes(term))) return false;
          return matchesSearch([...names, ...answerWords(answers)], terms);
        });
        const page = pageInMemory(matched, {
          orderBy: { field: 'createdAt', direction: 'asc' },
          limit: query.limit,
          after: query.cursor,
        });
        return { ...page, items: page.items.map((each) => toAssessmentView(each, blind)) };
      }
      const page = await reviews.assessmentsPage(query.kind, {
        formId,
        staffId,
        token: '',
        cursor: query.cursor,
        limit: query.limit,
      });
      return { ...page, items: page.items.map((each) => toAssessmentView(each, blind)) };
    },

    /** A super-reviewer sees everything; a reviewer only an application assigned to them, without hidden sections or others' scores. */
    async application(responseId: string, caller: User): Promise<StaffApplication> {
      const isSuper = caller.role === 'super-reviewer';
      const kinds = isSuper ? [] : await reviews.assessmentKindsOn(responseId, caller.id);
      if (!isSuper && kinds.length === 0) throw ApiError.because('not-assigned', STAFF_MESSAGES.notAssigned);
      const response = await reviews.getResponse(responseId);
      if (!response) throw noResponseError();
      const form = await formOrNotFound(reviews, response.applicationFormId);
      const [applicant, rows] = await Promise.all([reviews.getUser(response.userId), reviews.rowsOf(response)]);
      const views = rows.map(toRowView);
      const named = {
        id: response.userId,
        firstName: applicant?.firstName ?? '',
        lastName: applicant?.lastName ?? '',
        email: applicant?.email ?? '',
      };
      if (isSuper) return { form, response, applicant: named, rows: views };
      const blind = isBlind(form, kinds);
      const [firstName = '', lastName = ''] = applicantPseudonym(response.id).split(' ');
      const answers = { ...response, sectionResponses: answersForReviewers(form, response.sectionResponses, blind) };
      const rowsOfCaller = views.map((row) => withOnlyOwnScores(row, caller.id));
      if (!blind) return { form, response: answers, applicant: named, rows: rowsOfCaller };
      return {
        form,
        response: blindResponse(answers),
        applicant: { id: WITHHELD_ID, firstName, lastName, email: '' },
        rows: rowsOfCaller.map(blindRowView),
      };
    },
  };
}
