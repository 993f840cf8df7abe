import { randomUUID } from 'node:crypto';
import {
  applicantPseudonym,
  formatDateTime,
  formTeamRoles,
  isBlind,
  isStaffRole,
  refsOf,
  rowWithAssignments,
  rubricFor,
  teamRoleLabel,
  type ApplicationForm,
  type ApplicationResponse,
  type ApplicationRow,
  type Assessment,
  type InterviewSlot,
  type User,
} from '@portal/shared/domain';
import type { AuditActor } from '../audit/audit-entry';
import { icsAttachment } from '../outbox/ics';
import { composeMessage, type MailSettings, type OutboxMessage } from '../outbox/outbox';
import { removalEntry } from '../staff/assignments/assignment-moves';
import {
  assignInTransaction,
  type AssignmentInput,
  type AssignTransaction,
} from '../staff/assignments/assignments.service';
import type { ApplicationState, ReviewsTransaction } from '../staff/reviews.repository';
import { loadWith, staffLoadId, type StaffLoad } from '../staff/staff-load';

/**
 * A booking is the interview: the slot's interviewers get the interview of the applicant (each role
 * of theirs invited to interview, with an interview rubric), and lose the one a booking gave them
 * when the booking leaves their slot (moved, cancelled, or they are taken off the slot) while it
 * is not started. Conflicts of interest and the applicant's own application are left out, and an
 * interview assigned by hand is never taken away.
 */

/** Which slot a booking leaves and which it is in after a change (null: none). */
export interface BookingChange {
  response: Pick<ApplicationResponse, 'id'>;
  from: Pick<InterviewSlot, 'id' | 'interviewerIds'> | null;
  to: Pick<InterviewSlot, 'id' | 'interviewerIds'> | null;
}

/** A row the applicant was invited to interview for, still without a final decision. */
const invitedRow = (row: ApplicationRow) => (row.qualified || row.decision === 'interview') && !row.final;

/**
 * The reads of booking changes (call before the transaction's first write); the answer's `write`
 * then makes them: the new interviews (audited as assignments by `actor`), the removed ones
 * (audited as removals), their rows, loads and response statuses.
 */
export async function readBookingChanges(
  tx: AssignTransaction & Pick<ReviewsTransaction, 'deleteAssessment' | 'getAssessment'>,
  input: { form: ApplicationForm; changes: BookingChange[]; actor: AuditActor; at: string },
): Promise<{ write: () => Promise<void>; interviewers: Map<string, User> }> {
  const { form, actor, at } = input;
  const known = new Map<string, ApplicationState | null>();
  const interviewers = new Map<string, User>();
  const removals: Assessment[] = [];
  const additions: AssignmentInput[] = [];
  const touched = new Map<string, Set<string>>();

  for (const id of new Set(
    input.changes.flatMap((change) => [change.from, change.to].flatMap((slot) => slot?.interviewerIds ?? [])),
  )) {
    const user = await tx.getUser(id);
    if (user && isStaffRole(user.role)) interviewers.set(id, user);
  }

  for (const change of input.changes) {
    const responseId = change.response.id;
    if (!known.has(responseId)) known.set(responseId, await tx.readApplication(responseId));
    const state = known.get(responseId);
    if (!state) continue;
    const keep = new Set(change.to?.interviewerIds ?? []);
    for (const rowId of [...state.rows.keys()]) {
      const row = state.rows.get(rowId)!;
      const refs = refsOf(row, 'interview');
      if (change.from) {
        const dropped: Assessment[] = [];
        for (const ref of refs) {
          if (
            keep.has(ref.staffId) ||
            !change.from.interviewerIds.includes(ref.staffId) ||
            ref.state !== 'not-started'
          ) {
            continue;
          }
          const assessment = await tx.getAssessment('interview', ref.assessmentId);
          if (assessment?.bookedSlotId === change.from.id) dropped.push(assessment);
        }
        if (dropped.length > 0) {
          const gone = new Set(dropped.map((each) => each.id));
          const kept = refs.filter((ref) => !gone.has(ref.assessmentId));
          state.rows.set(rowId, rowWithAssignments(row, 'interview', kept, form));
          removals.push(...dropped);
          touched.set(responseId, (touched.get(responseId) ?? new Set()).add(rowId));
        }
      }
      const current = state.rows.get(rowId)!;
      if (!change.to || !invitedRow(current) || !rubricFor(form, 'interview', current.role)) continue;
      for (const staffId of change.to.interviewerIds) {
        const assigned = refsOf(current, 'interview').some((ref) => ref.staffId === staffId);
        const planned = additions.some(
          (item) => item.responseId === responseId && item.role === current.role && item.staffId === staffId,
        );
        if (!interviewers.has(staffId) || staffId === current.userId || assigned || planned) continue;
        if (await tx.getConflict(staffId, current.applicantEmail)) continue;
        additions.push({ responseId, role: current.role, staffId, bookedSlotId: change.to.id });
      }
    }
  }

  const loads = new Map<string, StaffLoad>();
  for (const assessment of removals) {
    const id = staffLoadId(assessment.applicationFormId, assessment.staffId);
    if (!loads.has(id)) loads.set(id, await tx.getLoad(assessment.applicationFormId, assessment.staffId));
  }

  async function write(): Promise<void> {
    if (additions.length > 0) {
      await assignInTransaction(tx, 'interview', additions, at, actor, randomUUID, undefined, undefined, known);
    }
    for (const assessment of removals) {
      const id = staffLoadId(assessment.applicationFormId, assessment.staffId);
      loads.set(id, loadWith(loads.get(id)!, 'interview', { assigned: -1 }));
      tx.deleteAssessment('interview', assessment.id);
      tx.record(removalEntry(actor, assessment, at));
    }
    for (const load of loads.values()) tx.setLoad(load);
    for (const [responseId, rowIds] of touched) {
      const state = known.get(responseId)!;
      tx.writeApplication(
        state,
        [...rowIds].map((rowId) => state.rows.get(rowId)!),
      );
    }
  }
  return { write, interviewers };
}

/** The interviewer's dashboard, where the interview is (its Interviews tab). */
export const interviewerDashboardPath = (formId: string) =>
  `/admin/reviewer/dashboard/${encodeURIComponent(formId)}/interviews`;

/**
 * The email to one interviewer of a slot about one booking of it: booked (or moved there, or the
 * slot changed), or cancelled (or moved away, or they are off the slot), with the interview as an
 * `.ics` whose UID is theirs for this applicant and form, so each change updates one calendar
 * entry. In blind interviews a reviewer reads the applicant's pseudonym.
 */
export function interviewerMessage(input: {
  kind: 'interviewerBooking' | 'interviewerCancellation';
  form: ApplicationForm;
  slot: InterviewSlot;
  interviewer: User;
  booking: { userId: string; responseId: string; applicantName: string };
  roles: readonly string[];
  mail: MailSettings;
  at: string;
  event: string;
}): OutboxMessage {
  const { kind, form, slot, interviewer, booking, mail, at } = input;
  const blind = interviewer.role !== 'super-reviewer' && isBlind(form, ['interview']);
  const applicant = blind ? applicantPseudonym(booking.responseId) : booking.applicantName;
  const slotTime = formatDateTime(slot.startsAt, form.timeZone ?? mail.timeZone);
  const length = `${slot.minutes} minutes`;
  const role = input.roles.map((id) => teamRoleLabel(formTeamRoles(form), id)).join(', ');
  const link = `${mail.portalUrl}${interviewerDashboardPath(form.id)}`;
  const cancelled = kind === 'interviewerCancellation';
  const url = /https?:\/\/\S+/.exec(slot.place)?.[0];
  const message = composeMessage({
    kind,
    form,
    event: input.event,
    recipient: interviewer,
    values: {
      firstName: interviewer.firstName,
      semester: form.semester,
      role,
      applicant,
      slotTime,
      length,
      place: slot.place,
      interviewers: slot.interviewerNames.join(', '),
      interviewLink: link,
    },
    settings: mail,
    at,
    attachments: [
      icsAttachment({
        uid: `interview-${form.id}-${booking.responseId}-${interviewer.id}@application-portal`,
        sequence: Math.floor(Date.parse(at) / 1000),
        start: new Date(slot.startsAt),
        minutes: slot.minutes,
        summary: `Interview: ${applicant}`,
        description: [
          `${applicant} (${role}), ${form.semester} (${length}).`,
          `Where: ${slot.place}`,
          `With: ${slot.interviewerNames.join(', ')}`,
          `The interview: ${link}`,
        ].join('\n'),
        location: slot.place,
        ...(url ? { url } : {}),
        stamp: new Date(at),
        cancelled,
      }),
    ],
  });
  return { ...message, aboutUserId: booking.userId };
}

/**
 * The interviewers' emails about one booking moving from `from` to `to` (either null): those of
 * `to` are told it is booked with them (with the time as it is now), those only of `from` that it
 * is not any more.
 */
export function interviewerMessages(input: {
  form: ApplicationForm;
  from: InterviewSlot | null;
  to: InterviewSlot | null;
  interviewers: ReadonlyMap<string, User>;
  booking: { userId: string; responseId: string; applicantName: string };
  roles: readonly string[];
  mail: MailSettings;
  at: string;
  events: { booked: string; cancelled: string };
}): OutboxMessage[] {
  const { from, to } = input;
  const common = { form: input.form, booking: input.booking, roles: input.roles, mail: input.mail, at: input.at };
  const messages: OutboxMessage[] = [];
  const stays = new Set(to?.interviewerIds ?? []);
  for (const id of from?.interviewerIds ?? []) {
    const interviewer = input.interviewers.get(id);
    if (!interviewer || stays.has(id)) continue;
    messages.push(
      interviewerMessage({
        ...common,
        kind: 'interviewerCancellation',
        slot: from!,
        interviewer,
        event: input.events.cancelled,
      }),
    );
  }
  for (const id of to?.interviewerIds ?? []) {
    const interviewer = input.interviewers.get(id);
    if (!interviewer) continue;
    messages.push(
      interviewerMessage({ ...common, kind: 'interviewerBooking', slot: to!, interviewer, event: input.events.booked }),
    );
  }
  return messages;
}
