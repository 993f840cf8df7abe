import {
  applicantPseudonym,
  countOf,
  DIGEST_MAX_ITEMS,
  DIGEST_SCHEDULED_GAP_MS,
  DIGEST_SEND_NOW_WINDOW_MS,
  DIGEST_SOON_MS,
  displayName,
  formatDateTime,
  formTeamRoles,
  readsBlind,
  REVIEWER_DIGEST_TEMPLATE,
  teamRoleLabel,
  typedMarkdown,
  type ApplicationForm,
  type Assessment,
  type AssessmentKind,
  type InterviewSlot,
  type ReviewerDigestSent,
  type User,
} from '@portal/shared/domain';
import { auditEntry, recordInTransaction, type AuditActor } from '../../audit/audit-entry';
import { composeMessage, type MailSettings, type OutboxMessage } from '../../outbox/outbox';
import { COLLECTIONS } from '../../store/collections';
import type { DocumentStore } from '../../store/document-store';
import { queryAll } from '../../store/query-pages';
import { formOrNotFound } from '../dashboard/dashboard.service';
import { assessmentCollection, type ReviewsRepository } from '../reviews.repository';
import { assertNotReleased } from '../staff-errors';

/**
 * A reviewer's digest (docs/product.md#reviewer-digest): per reviewer, across the forms not released,
 * the open reviews and interviews assigned to them since their last digest, the open reviews of a form
 * whose review due date is within 48 hours, and their booked interviews of the next 48 hours. Applicants
 * are named only where the stage is not blind for them (`readsBlind`), else by pseudonym.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** One line of a digest. */
interface DigestItem {
  form: ApplicationForm;
  kind: AssessmentKind;
  applicant: string;
  /** Their user id: the queued digest lists it (`aboutUserIds`), so their erasure deletes it. */
  applicantUserId: string;
  role?: string;
  /** When it is due: the form's review due date, or the interview's slot. */
  dueAt?: string;
  slot?: Pick<InterviewSlot, 'minutes' | 'place'>;
}

interface Digest {
  fresh: DigestItem[];
  soon: DigestItem[];
}

type Outcome = 'sent' | 'nothingToSay' | 'optedOut' | 'tooSoon';

const isStaff = (user: User | null): user is User => user?.role === 'reviewer' || user?.role === 'super-reviewer';

/** Where a reviewer finds their reviews of a form, and where they turn the digest off. */
const dashboardPath = (formId: string) => `/admin/reviewer/dashboard/${encodeURIComponent(formId)}/apps`;
const SETTINGS_PATH = '/admin/settings';

export function createReviewerDigestService(deps: {
  store: DocumentStore;
  reviews: Pick<ReviewsRepository, 'getForm' | 'loadsOf' | 'interviewSlots'>;
  now: () => Date;
  mail: MailSettings;
}) {
  const { store, reviews, mail } = deps;

  /** The ids of the forms whose review work goes on (not released): their status documents, a handful. */
  const openFormIds = async () =>
    (
      await queryAll<{ formId: string; [field: string]: unknown }>(store, COLLECTIONS.formStatus, [
        { field: 'decisionsReleased', value: false },
      ])
    ).map((status) => status.formId);

  /** Those of the forms not released on which someone has open work: read only then (a form's staff loads say). */
  async function busyForms(): Promise<{ forms: ApplicationForm[]; staff: Map<string, string[]> }> {
    const forms: ApplicationForm[] = [];
    const staff = new Map<string, string[]>();
    for (const formId of await openFormIds()) {
      const busy = await busyStaff(formId);
      if (busy.length === 0) continue;
      const form = await reviews.getForm(formId);
      if (!form || form.decisionsReleased) continue;
      forms.push(form);
      staff.set(formId, busy);
    }
    return { forms, staff };
  }

  /** The staff with open work on the form, from its staff loads (one per staff member). */
  async function busyStaff(formId: string): Promise<string[]> {
    return (await reviews.loadsOf(formId))
      .filter((load) => load.reviewsAssigned > load.reviewsDone || load.interviewsAssigned > load.interviewsDone)
      .map((load) => load.staffId)
      .sort();
  }

  /** What one reviewer's digest lists: per form, by the form's index of a staff member's assessments. */
  async function digestOf(
    reviewer: User,
    forms: readonly ApplicationForm[],
    since: string,
    at: Date,
    slotsOf: (formId: string) => Promise<InterviewSlot[]>,
  ): Promise<Digest> {
    const digest: Digest = { fresh: [], soon: [] };
    const soonUntil = at.getTime() + DIGEST_SOON_MS;
    for (const form of forms) {
      const roles = formTeamRoles(form);
      const itemOf = (assessment: Assessment, dueAt?: string): DigestItem => ({
        form,
        kind: assessment.kind,
        applicant: readsBlind(reviewer, form, [assessment.kind])
          ? applicantPseudonym(assessment.responseId)
          : assessment.applicantName,
        applicantUserId: assessment.applicantUserId,
        role: teamRoleLabel(roles, assessment.role),
        ...(dueAt ? { dueAt } : {}),
      });
      const due = form.reviewDueDate;
      const reviewsDueSoon = !!due && Date.parse(due) > at.getTime() && Date.parse(due) <= soonUntil;
      // Due soon: every open review of theirs on the form; else those assigned since (the index's range).
      const reviewsRead = reviewsDueSoon
        ? await mine('review', form.id, reviewer.id)
        : await mine('review', form.id, reviewer.id, since);
      for (const review of reviewsRead.filter((each) => each.state !== 'submitted')) {
        if (reviewsDueSoon) digest.soon.push(itemOf(review, due));
        else if (review.createdAt > since) digest.fresh.push(itemOf(review, due));
      }
      const interviews = (await mine('interview', form.id, reviewer.id, since)).filter(
        (each) => each.state !== 'submitted',
      );
      // Their booked interviews of the next 48 hours: the form's slots (tens), read once per run.
      const booked = new Set<string>();
      for (const slot of await slotsOf(form.id)) {
        const startsAt = Date.parse(slot.startsAt);
        if (!slot.interviewerIds.includes(reviewer.id) || startsAt <= at.getTime() || startsAt > soonUntil) continue;
        for (const booking of slot.bookings) {
          booked.add(booking.responseId);
          digest.soon.push({
            form,
            kind: 'interview',
            applicant: readsBlind(reviewer, form, ['interview'])
              ? applicantPseudonym(booking.responseId)
              : booking.applicantName,
            applicantUserId: booking.userId,
            dueAt: slot.startsAt,
            slot,
          });
        }
      }
      for (const interview of interviews) if (!booked.has(interview.responseId)) digest.fresh.push(itemOf(interview));
    }
    return digest;
  }

  /** A staff member's assessments of a kind on a form (those made after `since`, when given). */
  function mine(kind: AssessmentKind, formId: string, staffId: string, since?: string): Promise<Assessment[]> {
    const where = [
      { field: 'applicationFormId', value: formId },
      { field: 'staffId', value: staffId },
      ...(since ? [{ field: 'createdAt', op: '>' as const, value: since }] : []),
    ];
    return queryAll<Assessment>(store, assessmentCollection(kind), where, {
      field: 'createdAt',
      direction: 'asc',
    });
  }

  function message(reviewer: User, digest: Digest, event: string, at: Date): OutboxMessage {
    const first = (digest.fresh[0] ?? digest.soon[0])!.form;
    const summary = [
      digest.fresh.length > 0 ? countOf(digest.fresh.length, 'new assignment') : null,
      digest.soon.length > 0 ? `${digest.soon.length} due within 48 hours` : null,
    ]
      .filter(Boolean)
      .join(', ');
    const several = new Set([...digest.fresh, ...digest.soon].map((item) => item.form.id)).size > 1;
    const line = (item: DigestItem) => {
      const zone = item.form.timeZone ?? mail.timeZone;
      const what = `${item.kind === 'review' ? 'Review' : 'Interview'}: ${typedMarkdown(item.applicant)}`;
      const role = item.role ? `, ${typedMarkdown(item.role)}` : '';
      const form = several ? ` (${typedMarkdown(item.form.semester)})` : '';
      const when = item.dueAt
        ? item.slot
          ? `, ${formatDateTime(item.dueAt, zone)} (${countOf(item.slot.minutes, 'minute')}, ${typedMarkdown(item.slot.place)})`
          : `, due ${formatDateTime(item.dueAt, zone)}`
        : '';
      return `- ${what}${role}${form}${when}`;
    };
    const section = (title: string, items: DigestItem[]) =>
      items.length === 0
        ? []
        : [
            `**${title}**`,
            '',
            ...items.slice(0, DIGEST_MAX_ITEMS).map(line),
            ...(items.length > DIGEST_MAX_ITEMS ? [`- and ${items.length - DIGEST_MAX_ITEMS} more`] : []),
            '',
          ];
    const items = [
      ...section('Assigned to you since your last digest', digest.fresh),
      ...section('Due within 48 hours', digest.soon),
    ]
      .join('\n')
      .trim();
    return composeMessage({
      kind: 'reviewerDigest',
      form: first,
      event,
      recipient: reviewer,
      values: {
        firstName: reviewer.firstName,
        semester: first.semester,
        role: '',
        summary,
        items,
        dashboardLink: `${mail.portalUrl}${dashboardPath(first.id)}`,
        settingsLink: `${mail.portalUrl}${SETTINGS_PATH}`,
      },
      settings: mail,
      at: at.toISOString(),
      template: REVIEWER_DIGEST_TEMPLATE,
    });
  }

  /**
   * One reviewer's digest, queued unless they turned it off, got one within `gap`, or have nothing
   * to be told. The check and the queueing are one transaction with the record of when it was sent,
   * so two at once send one.
   */
  async function sendTo(
    staffId: string,
    forms: readonly ApplicationForm[],
    options: { event: string; gap: number; at: Date; actor?: AuditActor; formId?: string },
    slotsOf: (formId: string) => Promise<InterviewSlot[]>,
  ): Promise<Outcome> {
    const { at, gap, event } = options;
    const reviewer = await store.get<User>(COLLECTIONS.users, staffId);
    if (!isStaff(reviewer)) return 'nothingToSay';
    if (reviewer.reviewerDigest === false) return 'optedOut';
    const last = reviewer.reviewerDigestSentAt;
    if (last && at.getTime() - Date.parse(last) < gap) return 'tooSoon';
    const since = last ?? new Date(at.getTime() - DAY_MS).toISOString();
    const digest = await digestOf(reviewer, forms, since, at, slotsOf);
    if (digest.fresh.length === 0 && digest.soon.length === 0) return 'nothingToSay';
    const queued: OutboxMessage = {
      ...message(reviewer, digest, event, at),
      aboutUserIds: [...new Set([...digest.fresh, ...digest.soon].map((item) => item.applicantUserId))],
    };
    return store.transaction(async (tx): Promise<Outcome> => {
      const current = await tx.get<User>(COLLECTIONS.users, staffId);
      if (!isStaff(current) || current.reviewerDigest === false) return 'optedOut';
      if ((current.reviewerDigestSentAt ?? null) !== (last ?? null)) return 'tooSoon';
      if (await tx.get(COLLECTIONS.outbox, queued.id)) return 'tooSoon';
      tx.create(COLLECTIONS.outbox, queued.id, queued);
      tx.update(COLLECTIONS.users, staffId, { reviewerDigestSentAt: at.toISOString() });
      if (options.actor) {
        recordInTransaction(
          tx,
          auditEntry({
            actor: options.actor,
            action: 'reviewer.digest-sent',
            target: { collection: COLLECTIONS.users, id: staffId },
            ...(options.formId ? { formId: options.formId } : {}),
            before: null,
            // Counts only: the applicants it named stay in the email.
            after: { reviewer: displayName(current), newAssignments: digest.fresh.length, dueSoon: digest.soon.length },
            at: at.toISOString(),
          }),
        );
      }
      return 'sent';
    });
  }

  /** Each form's slots read once per run, and only for a reviewer who interviews on it. */
  function slotCache() {
    const slots = new Map<string, Promise<InterviewSlot[]>>();
    return (formId: string) => {
      if (!slots.has(formId)) slots.set(formId, reviews.interviewSlots(formId));
      return slots.get(formId)!;
    };
  }

  const tally = (outcomes: Outcome[]): ReviewerDigestSent => ({
    sent: outcomes.filter((each) => each === 'sent').length,
    nothingToSay: outcomes.filter((each) => each === 'nothingToSay').length,
    optedOut: outcomes.filter((each) => each === 'optedOut').length,
    tooSoon: outcomes.filter((each) => each === 'tooSoon').length,
  });

  return {
    /**
     * The director's "send now" (audited): to one reviewer, or to every staff member with open work
     * on the form; each at most once per DIGEST_SEND_NOW_WINDOW_MS. Refused once the form is released.
     */
    async sendNow(formId: string, staffId: string | undefined, actor: AuditActor): Promise<ReviewerDigestSent> {
      const form = await formOrNotFound(reviews, formId);
      assertNotReleased(form);
      const at = deps.now();
      const { forms, staff } = await busyForms();
      const slotsOf = slotCache();
      const outcomes: Outcome[] = [];
      for (const id of staffId ? [staffId] : (staff.get(formId) ?? [])) {
        outcomes.push(
          await sendTo(
            id,
            forms,
            { event: `reviewer-digest-now.${at.getTime()}`, gap: DIGEST_SEND_NOW_WINDOW_MS, at, actor, formId },
            slotsOf,
          ),
        );
      }
      return tally(outcomes);
    },

    /**
     * The scheduler's day (`day`: the chapter's date): every staff member with open work on a form not
     * released, once (the outbox id names the day), skipping those sent one within DIGEST_SCHEDULED_GAP_MS.
     * It reads the status documents of the forms not released and their staff loads, and a form itself
     * only when someone has open work on it.
     */
    async sendDaily(day: string): Promise<ReviewerDigestSent> {
      const at = deps.now();
      const busy = await busyForms();
      const staff = new Set([...busy.staff.values()].flat());
      const { forms } = busy;
      const slotsOf = slotCache();
      const outcomes: Outcome[] = [];
      for (const id of [...staff].sort()) {
        outcomes.push(
          await sendTo(id, forms, { event: `reviewer-digest.${day}`, gap: DIGEST_SCHEDULED_GAP_MS, at }, slotsOf),
        );
      }
      return tally(outcomes);
    },

    /** A staff member turns their digest on or off (their own record). */
    async setEnabled(userId: string, enabled: boolean): Promise<{ enabled: boolean }> {
      await store.update(COLLECTIONS.users, userId, { reviewerDigest: enabled });
      return { enabled };
    },
  };
}
export type ReviewerDigestService = ReturnType<typeof createReviewerDigestService>;
