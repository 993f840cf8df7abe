import { randomUUID } from 'node:crypto';
import {
  applicantSlotView,
  applicationRowId,
  beforeCutoff,
  blindBooking,
  bySlotStart,
  DEFAULT_INTERVIEW_CUTOFF_HOURS,
  displayName,
  formatDateTime,
  formTeamRoles,
  teamRoleLabel,
  INTERVIEW_MESSAGES,
  isBlind,
  STAFF_ROLES,
  type ApplicantInterviews,
  type Assessment,
  type InterviewBooking,
  type ApplicationForm,
  type ApplicationResponse,
  type ApplicationRow,
  type InterviewSlot,
  type InterviewSlotBody,
  type InterviewSlotSeriesBody,
  MAX_SLOTS_PER_SERIES,
  slotSeriesStarts,
  type User,
} from '@portal/shared/domain';
import { auditEntry, auditWrite, recordInTransaction, SCHEDULER_ACTOR, type AuditActor } from '../audit/audit-entry';
import { noFormError } from '../forms/forms.service';
import { ApiError } from '../http/api-error';
import { icsAttachment } from '../outbox/ics';
import { interviewerMessage, interviewerMessages, readBookingChanges } from './booked-interviews';
import { interviewPagePath } from './invitations';
import { reviewsInTransaction } from '../staff/reviews.repository';
import { composeMessage, outboxEvents, outboxId, outboxInTransaction, type MailSettings } from '../outbox/outbox';
import type { ResponseIndexEntry } from '../responses/responses.repository';
import { responseIndexId } from '../responses/responses.repository';
import { COLLECTIONS } from '../store/collections';
import type { DocumentStore, StoreTransaction } from '../store/document-store';
import { queryAll } from '../store/query-pages';

/** Per applicant and form: the slot they hold (the one booking they may have). */
type BookingRecord = {
  userId: string;
  formId: string;
  slotId: string;
};

const bookingId = (formId: string, userId: string) => `${userId}__${formId}`;
const noSlotError = () => new ApiError('not-found', INTERVIEW_MESSAGES.noSlot);
/** After the release no booking changes: the release itself cancelled every interview still to come. */
function assertNotReleased(form: ApplicationForm): void {
  if (form.decisionsReleased) throw ApiError.because('released', INTERVIEW_MESSAGES.released);
}
const cutoffHoursOf = (form: Pick<ApplicationForm, 'interviewCutoffHours'>) =>
  form.interviewCutoffHours ?? DEFAULT_INTERVIEW_CUTOFF_HOURS;

export { interviewPagePath };

/** A video link in a slot's place (the whole place, or the first http(s) link in it). */
const linkIn = (place: string) => /https?:\/\/\S+/.exec(place)?.[0];

/**
 * The confirmation of a booking (or a move), or the note that it is cancelled, with the interview
 * as an `.ics` whose UID is the applicant's for the form: a move or cancellation updates the entry.
 */
export function bookingMessage(input: {
  kind: 'interviewConfirmation' | 'interviewCancellation' | 'interviewChanged';
  form: ApplicationForm;
  slot: InterviewSlot;
  applicant: Pick<User, 'id' | 'email' | 'firstName'>;
  response: Pick<ApplicationResponse, 'rolesApplied'>;
  mail: MailSettings;
  at: string;
  /** The cause, when not the applicant's own booking or cancellation (the release's). */
  event?: string;
}) {
  const { kind, form, slot, applicant, mail, at } = input;
  const slotTime = formatDateTime(slot.startsAt, form.timeZone ?? mail.timeZone);
  const length = `${slot.minutes} minutes`;
  const cancelled = kind === 'interviewCancellation';
  const url = linkIn(slot.place);
  return composeMessage({
    kind,
    form,
    event: input.event ?? (cancelled ? outboxEvents.unbooked(slot.id, at) : outboxEvents.booked(slot.id, at)),
    recipient: applicant,
    values: {
      firstName: applicant.firstName,
      semester: form.semester,
      role: input.response.rolesApplied.map((role) => teamRoleLabel(formTeamRoles(form), role)).join(', '),
      slotTime,
      length,
      place: slot.place,
      interviewers: slot.interviewerNames.join(', '),
      bookingLink: `${mail.portalUrl}${interviewPagePath(form.id)}`,
    },
    settings: mail,
    at,
    attachments: [
      icsAttachment({
        uid: `interview-${form.id}-${applicant.id}@application-portal`,
        sequence: Math.floor(Date.parse(at) / 1000),
        start: new Date(slot.startsAt),
        minutes: slot.minutes,
        summary: `Interview with ${mail.chapterName}`,
        description: [
          `Your ${form.semester} interview with ${mail.chapterName} (${length}).`,
          `Where: ${slot.place}`,
          `With: ${slot.interviewerNames.join(', ')}`,
          `Move or cancel: ${mail.portalUrl}${interviewPagePath(form.id)}`,
        ].join('\n'),
        location: slot.place,
        ...(url ? { url } : {}),
        stamp: new Date(at),
        cancelled,
      }),
    ],
  });
}

export function createInterviewsService(deps: { store: DocumentStore; now: () => Date; mail: MailSettings }) {
  const { store, now, mail } = deps;

  async function formOrThrow(formId: string): Promise<ApplicationForm> {
    const form = await store.get<ApplicationForm>(COLLECTIONS.forms, formId);
    if (!form) throw noFormError();
    return form;
  }

  /**
   * The form as an applicant's interview calls may name it: the active form is everyone's, an
   * inactive one only its applicants'; anyone else gets the answer of a form that does not exist,
   * so these calls never tell that an inactive form exists (as `GET /application/forms/:formId`).
   */
  async function applicantFormOrThrow(formId: string, userId: string): Promise<ApplicationForm> {
    const form = await formOrThrow(formId);
    if (form.isActive) return form;
    const applied = await store.get<ResponseIndexEntry>(COLLECTIONS.responseIndex, responseIndexId(userId, formId));
    if (!applied) throw noFormError();
    return form;
  }

  /** The caller's response to the form when a row of theirs is qualified or at the interview stage. */
  async function invitation(formId: string, userId: string): Promise<ApplicationResponse | null> {
    const entry = await store.get<ResponseIndexEntry>(COLLECTIONS.responseIndex, responseIndexId(userId, formId));
    if (!entry) return null;
    const response = await store.get<ApplicationResponse>(COLLECTIONS.responses, entry.responseId);
    if (!response || response.userId !== userId) return null;
    const rows = await Promise.all(
      response.rolesApplied.map((role) =>
        store.get<ApplicationRow>(COLLECTIONS.reviewStatuses, applicationRowId(response.id, role)),
      ),
    );
    return rows.some((row) => row && (row.qualified || row.decision === 'interview')) ? response : null;
  }

  /** Queues a booking's confirmation or cancellation in the booking's own transaction. */
  function queueBookingMessage(
    tx: StoreTransaction,
    kind: 'interviewConfirmation' | 'interviewCancellation',
    input: Omit<Parameters<typeof bookingMessage>[0], 'kind' | 'mail' | 'at'> & { at: Date },
  ): void {
    outboxInTransaction(tx).queueMessage(bookingMessage({ ...input, kind, mail, at: input.at.toISOString() }));
  }

  /** The interviewers' emails about one booking's change, in its transaction (`interviewerMessages`). */
  function queueInterviewerMessages(
    tx: StoreTransaction,
    input: Omit<Parameters<typeof interviewerMessages>[0], 'mail' | 'at' | 'events'> & {
      at: Date;
      events?: { booked: string; cancelled: string };
    },
  ): void {
    const at = input.at.toISOString();
    const { responseId } = input.booking;
    const events = input.events ?? {
      booked: outboxEvents.interviewerBooked(input.to?.id ?? '', responseId, at),
      cancelled: outboxEvents.interviewerUnbooked(input.from?.id ?? '', responseId, at),
    };
    const outbox = outboxInTransaction(tx);
    for (const message of interviewerMessages({ ...input, mail, at, events })) outbox.queueMessage(message);
  }

  function assertStartsInFuture(startsAt: Date): void {
    if (startsAt.getTime() <= now().getTime()) {
      throw new ApiError('invalid-request', 'Invalid interview slot', [
        { path: 'startsAt', message: INTERVIEW_MESSAGES.startsInPast },
      ]);
    }
  }

  /** The slot's interviewers, or 400 naming each id that is not a reviewer's or super-reviewer's. */
  async function staffInterviewers(ids: string[]): Promise<User[]> {
    const interviewers = await Promise.all(ids.map((id) => store.get<User>(COLLECTIONS.users, id)));
    const notStaff = ids.flatMap((_, index) =>
      interviewers[index] && STAFF_ROLES.includes(interviewers[index].role) ? [] : [index],
    );
    if (notStaff.length > 0) {
      throw new ApiError(
        'invalid-request',
        'Invalid interview slot',
        notStaff.map((index) => ({ path: `interviewerIds.${index}`, message: INTERVIEW_MESSAGES.interviewerNotStaff })),
      );
    }
    return interviewers as User[];
  }

  /** A new slot of the form (no booking yet). */
  function slotOf(formId: string, body: InterviewSlotBody, interviewers: User[], createdAt: string): InterviewSlot {
    return {
      id: randomUUID(),
      formId,
      startsAt: new Date(body.startsAt).toISOString(),
      minutes: body.minutes,
      place: body.place,
      interviewerIds: [...new Set(body.interviewerIds)],
      interviewerNames: [...new Map(interviewers.map((user) => [user.id, displayName(user)])).values()],
      capacity: body.capacity,
      bookings: [],
      createdAt,
    };
  }

  async function slotsOf(formId: string): Promise<InterviewSlot[]> {
    return (
      await queryAll<InterviewSlot>(store, COLLECTIONS.interviewSlots, [{ field: 'formId', value: formId }])
    ).sort(bySlotStart);
  }

  async function slotInTx(tx: StoreTransaction, formId: string, slotId: string): Promise<InterviewSlot> {
    const slot = await tx.get<InterviewSlot>(COLLECTIONS.interviewSlots, slotId);
    if (!slot || slot.formId !== formId) throw noSlotError();
    return slot;
  }

  return {
    async create(formId: string, body: InterviewSlotBody, actor?: AuditActor): Promise<InterviewSlot> {
      await formOrThrow(formId);
      assertStartsInFuture(new Date(body.startsAt));
      const slot = slotOf(formId, body, await staffInterviewers(body.interviewerIds), now().toISOString());
      const entry = actor && slotEntry(actor, 'slot.created', slot, null, slot, slot.createdAt);
      await store.batch([
        { kind: 'create', collection: COLLECTIONS.interviewSlots, id: slot.id, data: slot },
        ...(entry ? [auditWrite(entry)] : []),
      ]);
      return slot;
    },

    /**
     * A series of slots in one batch: `minutes` long, `gapMinutes` apart, from `startsAt` until the
     * last ends by `endsAt` (`slotSeriesStarts`), each with the same place, interviewers and seats.
     */
    async createSeries(
      formId: string,
      body: InterviewSlotSeriesBody,
      actor?: AuditActor,
    ): Promise<{ items: InterviewSlot[] }> {
      await formOrThrow(formId);
      const starts = slotSeriesStarts(body);
      const endIssue =
        starts.length === 0
          ? INTERVIEW_MESSAGES.seriesEndsTooSoon
          : starts.length > MAX_SLOTS_PER_SERIES
            ? INTERVIEW_MESSAGES.seriesTooLong(MAX_SLOTS_PER_SERIES)
            : null;
      if (endIssue)
        throw new ApiError('invalid-request', 'Invalid interview slots', [{ path: 'endsAt', message: endIssue }]);
      assertStartsInFuture(new Date(starts[0]!));
      const interviewers = await staffInterviewers(body.interviewerIds);
      const createdAt = now().toISOString();
      const slots = starts.map((startsAt) => slotOf(formId, { ...body, startsAt }, interviewers, createdAt));
      await store.batch(
        slots.flatMap((slot) => {
          const entry = actor && slotEntry(actor, 'slot.created', slot, null, slot, createdAt);
          return [
            { kind: 'create' as const, collection: COLLECTIONS.interviewSlots, id: slot.id, data: slot },
            ...(entry ? [auditWrite(entry)] : []),
          ];
        }),
      );
      return { items: slots };
    },

    /**
     * Changes a slot; its bookings stay (its seats never fewer than they are). When its time,
     * length, place or interviewers change, each booked applicant is told, with the updated `.ics`,
     * and each interviewer (added, kept or taken off) with theirs; the interviews the bookings gave
     * follow the interviewers.
     */
    async update(formId: string, slotId: string, body: InterviewSlotBody, actor: AuditActor): Promise<InterviewSlot> {
      const form = await formOrThrow(formId);
      const interviewers = await staffInterviewers(body.interviewerIds);
      return store.transaction(async (tx) => {
        assertNotReleased((await tx.get<ApplicationForm>(COLLECTIONS.forms, formId)) ?? form);
        const slot = await slotInTx(tx, formId, slotId);
        if (body.startsAt && Date.parse(body.startsAt) !== Date.parse(slot.startsAt)) {
          assertStartsInFuture(new Date(body.startsAt));
        }
        if (body.capacity < slot.bookings.length) {
          throw new ApiError('invalid-request', 'Invalid interview slot', [
            { path: 'capacity', message: INTERVIEW_MESSAGES.capacityBelowBookings(slot.bookings.length) },
          ]);
        }
        const updated: InterviewSlot = {
          ...slotOf(formId, body, interviewers, slot.createdAt),
          id: slot.id,
          bookings: slot.bookings,
        };
        const moved =
          updated.startsAt !== slot.startsAt ||
          updated.minutes !== slot.minutes ||
          updated.place !== slot.place ||
          updated.interviewerIds.join() !== slot.interviewerIds.join();
        const at = now();
        const booked = moved ? slot.bookings : [];
        const interviews = await readBookingChanges(reviewsInTransaction(tx), {
          form,
          changes: booked.map((booking) => ({ response: { id: booking.responseId }, from: slot, to: updated })),
          actor,
          at: at.toISOString(),
        });
        const people = [];
        for (const booking of booked) {
          const applicant = await tx.get<User>(COLLECTIONS.users, booking.userId);
          const response = await tx.get<ApplicationResponse>(COLLECTIONS.responses, booking.responseId);
          if (applicant && response) people.push({ booking, applicant, response });
        }
        await interviews.write();
        tx.set(COLLECTIONS.interviewSlots, slot.id, updated);
        for (const { booking, applicant, response } of people) {
          outboxInTransaction(tx).queueMessage(
            bookingMessage({
              kind: 'interviewChanged',
              form,
              slot: updated,
              applicant,
              response,
              mail,
              at: at.toISOString(),
              event: outboxEvents.slotChanged(slot.id, at.toISOString()),
            }),
          );
          queueInterviewerMessages(tx, {
            form,
            from: slot,
            to: updated,
            interviewers: interviews.interviewers,
            booking,
            roles: response.rolesApplied,
            at,
          });
        }
        const after = {
          startsAt: updated.startsAt,
          minutes: updated.minutes,
          place: updated.place,
          interviewers: updated.interviewerNames,
          capacity: updated.capacity,
        };
        recordInTransaction(tx, slotEntry(actor, 'slot.changed', slot, slot, after, at.toISOString()));
        return updated;
      });
    },

    async list(formId: string): Promise<{ items: InterviewSlot[] }> {
      await formOrThrow(formId);
      return { items: await slotsOf(formId) };
    },

    async remove(formId: string, slotId: string, actor?: AuditActor): Promise<void> {
      await store.transaction(async (tx) => {
        const slot = await slotInTx(tx, formId, slotId);
        if (slot.bookings.length > 0) throw ApiError.because('slot-has-bookings', INTERVIEW_MESSAGES.slotHasBookings);
        tx.delete(COLLECTIONS.interviewSlots, slotId);
        if (actor) recordInTransaction(tx, slotEntry(actor, 'slot.deleted', slot, slot, null, now().toISOString()));
      });
    },

    /**
     * The interviewer's slots that someone booked, in time order; a reviewer on a form with blind
     * interviews sees pseudonyms and no user ids.
     */
    async mine(caller: User): Promise<{ items: InterviewSlot[] }> {
      const slots = await queryAll<InterviewSlot>(store, COLLECTIONS.interviewSlots, [
        { field: 'interviewerIds', op: 'array-contains', value: caller.id },
      ]);
      const interviews = await queryAll<Assessment>(store, COLLECTIONS.interviews, [
        { field: 'staffId', value: caller.id },
      ]);
      const interviewOf = (booking: InterviewBooking) => {
        const found = interviews.find((each) => each.responseId === booking.responseId);
        return found ? { ...booking, interview: { id: found.id, role: found.role } } : booking;
      };
      const booked = slots
        .filter((slot) => slot.bookings.length > 0)
        .sort(bySlotStart)
        .map((slot) => ({ ...slot, bookings: slot.bookings.map(interviewOf) }));
      if (caller.role === 'super-reviewer') return { items: booked };
      const forms = new Map<string, ApplicationForm | null>();
      for (const formId of new Set(booked.map((slot) => slot.formId))) {
        forms.set(formId, await store.get<ApplicationForm>(COLLECTIONS.forms, formId));
      }
      const blind = (slot: InterviewSlot) => isBlind(forms.get(slot.formId) ?? {}, ['interview']);
      return {
        items: booked.map((slot) => (blind(slot) ? { ...slot, bookings: slot.bookings.map(blindBooking) } : slot)),
      };
    },

    async forApplicant(formId: string, userId: string): Promise<ApplicantInterviews> {
      const form = await applicantFormOrThrow(formId, userId);
      const cutoffHours = cutoffHoursOf(form);
      const zone = form.timeZone ? { timeZone: form.timeZone } : {};
      if (!(await invitation(formId, userId)))
        return { invited: false, ...zone, cutoffHours, booking: null, slots: [] };
      const slots = await slotsOf(formId);
      const held = slots.find((slot) => slot.bookings.some((booking) => booking.userId === userId));
      if (form.decisionsReleased) {
        // Only an interview that took place before the release is still held: nothing to book or move.
        return {
          invited: true,
          ...zone,
          cutoffHours,
          released: true,
          booking: held ? applicantSlotView(held) : null,
          slots: [],
        };
      }
      return {
        invited: true,
        ...zone,
        cutoffHours,
        booking: held ? applicantSlotView(held) : null,
        slots: slots
          .filter((slot) => slot !== held && slot.bookings.length < slot.capacity)
          .filter((slot) => beforeCutoff(slot, cutoffHours, now()))
          .map(applicantSlotView),
      };
    },

    /** Books `slotId`, or moves the caller's booking there: one seat per applicant and form. */
    async book(formId: string, user: User, slotId: string): Promise<ApplicantInterviews> {
      const form = await applicantFormOrThrow(formId, user.id);
      const cutoffHours = cutoffHoursOf(form);
      const response = await invitation(formId, user.id);
      if (!response) throw ApiError.because('not-invited', INTERVIEW_MESSAGES.notInvited);
      await store.transaction(async (tx) => {
        // Read in the transaction: a release committing first makes this booking retry and see it.
        assertNotReleased((await tx.get<ApplicationForm>(COLLECTIONS.forms, formId)) ?? form);
        const slot = await slotInTx(tx, formId, slotId);
        const record = await tx.get<BookingRecord>(COLLECTIONS.interviewBookings, bookingId(formId, user.id));
        if (record?.slotId === slotId) throw ApiError.because('already-booked', INTERVIEW_MESSAGES.alreadyBooked);
        const previous = record ? await tx.get<InterviewSlot>(COLLECTIONS.interviewSlots, record.slotId) : null;
        const at = now();
        if (!beforeCutoff(slot, cutoffHours, at) || (previous && !beforeCutoff(previous, cutoffHours, at))) {
          throw ApiError.because('past-cutoff', INTERVIEW_MESSAGES.pastCutoff(cutoffHours));
        }
        if (slot.bookings.length >= slot.capacity) throw ApiError.because('slot-full', INTERVIEW_MESSAGES.slotFull);
        // An application deleted meanwhile (its applicant erased) books nothing: the erasure freed every seat of theirs.
        if (!(await tx.get<ApplicationResponse>(COLLECTIONS.responses, response.id))) {
          throw ApiError.because('not-invited', INTERVIEW_MESSAGES.notInvited);
        }
        // The slot's interviewers get the interview; those of the slot left behind lose the one it gave them.
        const interviews = await readBookingChanges(reviewsInTransaction(tx), {
          form,
          changes: [{ response, from: previous, to: slot }],
          actor: user,
          at: at.toISOString(),
        });
        await interviews.write();
        if (previous) {
          tx.update(COLLECTIONS.interviewSlots, previous.id, {
            bookings: previous.bookings.filter((booking) => booking.userId !== user.id),
          });
        }
        tx.update(COLLECTIONS.interviewSlots, slot.id, {
          bookings: [
            ...slot.bookings,
            { userId: user.id, responseId: response.id, applicantName: displayName(user), bookedAt: at.toISOString() },
          ],
        });
        tx.set(COLLECTIONS.interviewBookings, bookingId(formId, user.id), { userId: user.id, formId, slotId });
        queueBookingMessage(tx, 'interviewConfirmation', { form, slot, applicant: user, response, at });
        queueInterviewerMessages(tx, {
          form,
          from: previous,
          to: slot,
          interviewers: interviews.interviewers,
          booking: { userId: user.id, responseId: response.id, applicantName: displayName(user) },
          roles: response.rolesApplied,
          at,
        });
        recordInTransaction(
          tx,
          slotEntry(
            user,
            'interview.booked',
            slot,
            previous && { applicant: displayName(user), startsAt: previous.startsAt },
            { applicant: displayName(user), startsAt: slot.startsAt },
            at.toISOString(),
          ),
        );
      });
      return this.forApplicant(formId, user.id);
    },

    async cancel(formId: string, user: User): Promise<ApplicantInterviews> {
      const userId = user.id;
      const form = await applicantFormOrThrow(formId, userId);
      const cutoffHours = cutoffHoursOf(form);
      await store.transaction(async (tx) => {
        assertNotReleased((await tx.get<ApplicationForm>(COLLECTIONS.forms, formId)) ?? form);
        const record = await tx.get<BookingRecord>(COLLECTIONS.interviewBookings, bookingId(formId, userId));
        const slot = record ? await tx.get<InterviewSlot>(COLLECTIONS.interviewSlots, record.slotId) : null;
        if (!record || !slot) throw new ApiError('not-found', INTERVIEW_MESSAGES.noBooking);
        const at = now();
        if (!beforeCutoff(slot, cutoffHours, at)) {
          throw ApiError.because('past-cutoff', INTERVIEW_MESSAGES.pastCutoff(cutoffHours));
        }
        const booking = slot.bookings.find((held) => held.userId === userId);
        const response = booking ? await tx.get<ApplicationResponse>(COLLECTIONS.responses, booking.responseId) : null;
        const interviews = response
          ? await readBookingChanges(reviewsInTransaction(tx), {
              form,
              changes: [{ response, from: slot, to: null }],
              actor: user,
              at: at.toISOString(),
            })
          : null;
        await interviews?.write();
        if (response) {
          queueBookingMessage(tx, 'interviewCancellation', { form, slot, applicant: user, response, at });
          queueInterviewerMessages(tx, {
            form,
            from: slot,
            to: null,
            interviewers: interviews!.interviewers,
            booking: { userId, responseId: response.id, applicantName: booking!.applicantName },
            roles: response.rolesApplied,
            at,
          });
        }
        tx.update(COLLECTIONS.interviewSlots, slot.id, {
          bookings: slot.bookings.filter((booking) => booking.userId !== userId),
        });
        tx.delete(COLLECTIONS.interviewBookings, bookingId(formId, userId));
        recordInTransaction(
          tx,
          slotEntry(
            user,
            'interview.booking-cancelled',
            slot,
            { applicant: displayName(user), startsAt: slot.startsAt },
            null,
            at.toISOString(),
          ),
        );
      });
      return this.forApplicant(formId, userId);
    },
  };
}

/**
 * What a release does to the interviews of its form: every booking of a slot that starts after the
 * release is cancelled, each with an "Interview cancelled" email (and its `.ics`), a slot per
 * transaction. Idempotent: the messages' ids name the slot and the release's time, and a booking
 * cancelled once is gone, so running it again (a resumed release job) does nothing twice.
 * Interviews that took place before the release stay as they were.
 */
export async function cancelInterviewsAtRelease(
  deps: { store: DocumentStore; mail: MailSettings },
  formId: string,
  releasedAt: string,
): Promise<{ cancelled: number }> {
  const { store, mail } = deps;
  const upcoming = (
    await queryAll<InterviewSlot>(store, COLLECTIONS.interviewSlots, [{ field: 'formId', value: formId }])
  ).filter((slot) => slot.bookings.length > 0 && Date.parse(slot.startsAt) > Date.parse(releasedAt));
  let cancelled = 0;
  for (const { id } of upcoming) {
    cancelled += await store.transaction(async (tx) => {
      const form = await tx.get<ApplicationForm>(COLLECTIONS.forms, formId);
      const slot = await tx.get<InterviewSlot>(COLLECTIONS.interviewSlots, id);
      if (!form?.decisionsReleased || !slot || slot.bookings.length === 0) return 0;
      const outbox = outboxInTransaction(tx);
      const event = outboxEvents.unbookedAtRelease(slot.id, releasedAt);
      const notes = [];
      const interviewers = new Map<string, User>();
      for (const id of slot.interviewerIds) {
        const interviewer = await tx.get<User>(COLLECTIONS.users, id);
        if (interviewer) interviewers.set(id, interviewer);
      }
      const toInterviewers = [];
      for (const booking of slot.bookings) {
        const applicant = await tx.get<User>(COLLECTIONS.users, booking.userId);
        const response = await tx.get<ApplicationResponse>(COLLECTIONS.responses, booking.responseId);
        const queued = applicant ? await outbox.getOutboxMessage(outboxId(event, applicant.id)) : null;
        if (applicant && response && !queued) notes.push({ applicant, response });
        // Each interviewer is told too, once (a resumed release finds the message queued).
        const cancelled = outboxEvents.interviewerUnbooked(slot.id, booking.responseId, releasedAt);
        for (const interviewer of interviewers.values()) {
          if (!response || (await outbox.getOutboxMessage(outboxId(cancelled, interviewer.id)))) continue;
          toInterviewers.push(
            interviewerMessage({
              kind: 'interviewerCancellation',
              form,
              slot,
              interviewer,
              booking,
              roles: response.rolesApplied,
              mail,
              at: releasedAt,
              event: cancelled,
            }),
          );
        }
      }
      for (const message of toInterviewers) outbox.queueMessage(message);
      for (const { applicant, response } of notes) {
        outbox.queueMessage(
          bookingMessage({
            kind: 'interviewCancellation',
            form,
            slot,
            applicant,
            response,
            mail,
            at: releasedAt,
            event,
          }),
        );
      }
      for (const booking of slot.bookings) {
        tx.delete(COLLECTIONS.interviewBookings, bookingId(formId, booking.userId));
        recordInTransaction(
          tx,
          slotEntry(
            SCHEDULER_ACTOR,
            'interview.booking-cancelled',
            slot,
            { applicant: booking.applicantName, startsAt: slot.startsAt, reason: 'decisions released' },
            null,
            releasedAt,
          ),
        );
      }
      tx.update(COLLECTIONS.interviewSlots, slot.id, { bookings: [] });
      return slot.bookings.length;
    });
  }
  return { cancelled };
}

/** A slot's publication or deletion, or a booking of it, for the audit log (the slot's time, place and interviewers). */
function slotEntry(
  actor: AuditActor,
  action: 'slot.created' | 'slot.deleted' | 'slot.changed' | 'interview.booked' | 'interview.booking-cancelled',
  slot: InterviewSlot,
  before: object | null,
  after: object | null,
  at: string,
) {
  const outline = (value: object | null) =>
    value === slot
      ? {
          startsAt: slot.startsAt,
          minutes: slot.minutes,
          place: slot.place,
          interviewers: slot.interviewerNames,
          capacity: slot.capacity,
        }
      : value;
  return auditEntry({
    actor,
    action,
    target: { collection: COLLECTIONS.interviewSlots, id: slot.id },
    formId: slot.formId,
    before: outline(before),
    after: outline(after),
    at,
  });
}
