import './zod-config';
import { z } from 'zod/mini';
import { idSchema } from './ids';
import { countOf, plural } from '../ids/text';

/**
 * Interview slots (docs/product.md#interview-slots): staff publish slots; an applicant invited to interview (a row of
 * theirs qualified, or moved to the interview stage) books one seat per form, and may move or
 * cancel it until the form's cut-off before the slot starts. A slot keeps its bookings in its own
 * document, so the last seat is taken in one transaction by one applicant only.
 */

/** When the form sets no cut-off: bookings can change until this many hours before the start. */
export const DEFAULT_INTERVIEW_CUTOFF_HOURS = 24;

export const INTERVIEW_MESSAGES = {
  noSlot: 'No interview slot with this ID!',
  slotFull: 'This slot has just been taken; choose another',
  notInvited: 'You have not been invited to interview',
  pastCutoff: (hours: number) =>
    `Interviews can be booked, moved or cancelled until ${countOf(hours, 'hour')} before they start`,
  noBooking: 'You have no interview booked',
  slotHasBookings: 'Applicants have booked this slot; it cannot be deleted',
  interviewerNotStaff: 'Only reviewers and super-reviewers can interview',
  startsInPast: 'A slot must start in the future',
  alreadyBooked: 'You have already booked this slot',
  released: 'Decisions have been released: interviews can no longer be booked, moved or cancelled',
  capacityBelowBookings: (booked: number) =>
    `${countOf(booked, 'applicant')} ${plural(booked, 'has', 'have')} booked this slot: it needs at least ${countOf(booked, 'seat')}`,
  seriesEndsTooSoon: 'The series ends before its first slot does: choose a later end',
  seriesTooLong: (max: number) =>
    `A series makes at most ${max} slots: choose an earlier end, a longer gap or a longer slot`,
} as const;

const slotFields = {
  startsAt: z.iso.datetime({ offset: true }),
  minutes: z.int().check(z.gte(5), z.lte(240)),
  /** A room, an address or a video link. */
  place: z.string().check(z.trim(), z.minLength(1), z.maxLength(500)),
  interviewerIds: z.array(idSchema).check(z.minLength(1), z.maxLength(5)),
  capacity: z.int().check(z.gte(1), z.lte(50)),
};

/** POST …/interview-slots (publish) and PUT …/interview-slots/{slotId} (edit). */
export const interviewSlotBodySchema = z.strictObject(slotFields);
export type InterviewSlotBody = z.infer<typeof interviewSlotBodySchema>;

/** The most slots one series makes (a long day of 10-minute slots). */
export const MAX_SLOTS_PER_SERIES = 48;

/**
 * POST …/interview-slots/series: slots of `minutes` one after another from `startsAt`, `gapMinutes`
 * apart, the last ending by `endsAt` (a day of interviews), each with the same place, interviewers
 * and seats.
 */
export const interviewSlotSeriesBodySchema = z.strictObject({
  ...slotFields,
  endsAt: z.iso.datetime({ offset: true }),
  gapMinutes: z.int().check(z.gte(0), z.lte(240)),
});
export type InterviewSlotSeriesBody = z.infer<typeof interviewSlotSeriesBodySchema>;

/** The starts (UTC, ISO) of a series' slots: every slot ends by `endsAt`; at most one more than the maximum is counted. */
export function slotSeriesStarts(
  series: Pick<InterviewSlotSeriesBody, 'startsAt' | 'endsAt' | 'minutes' | 'gapMinutes'>,
): string[] {
  const step = (series.minutes + series.gapMinutes) * 60_000;
  const length = series.minutes * 60_000;
  const end = Date.parse(series.endsAt);
  const starts: string[] = [];
  for (let at = Date.parse(series.startsAt); at + length <= end && starts.length <= MAX_SLOTS_PER_SERIES; at += step) {
    starts.push(new Date(at).toISOString());
  }
  return starts;
}

export const interviewBookingBodySchema = z.strictObject({ slotId: idSchema });

export type InterviewBooking = {
  userId: string;
  responseId: string;
  applicantName: string;
  bookedAt: string;
  /**
   * In GET /admin/interviews/mine only: the caller's interview of this applicant (its assessment
   * id and role), for the link to the interview screen; absent when none is assigned to them.
   */
  interview?: { id: string; role: string };
};

/** Stored in `interview-slots`. `startsAt` is UTC. */
export type InterviewSlot = {
  id: string;
  formId: string;
  startsAt: string;
  minutes: number;
  place: string;
  interviewerIds: string[];
  interviewerNames: string[];
  capacity: number;
  bookings: InterviewBooking[];
  createdAt: string;
};

/** What an applicant sees of a slot: no one else's booking. */
export interface ApplicantSlotView {
  id: string;
  startsAt: string;
  minutes: number;
  place: string;
  interviewerNames: string[];
  seatsLeft: number;
}

/** GET /interviews/{formId}: the caller's invitation, booking and the slots they may book. */
export interface ApplicantInterviews {
  invited: boolean;
  /** The form's time zone, when it names one (else the chapter's): slot times are shown in it. */
  timeZone?: string;
  cutoffHours: number;
  /**
   * The form's decisions are released: nothing can be booked, moved or cancelled any more (a
   * booking of a slot still to come was cancelled by the release, with an email).
   */
  released?: boolean;
  booking: ApplicantSlotView | null;
  /** Future slots with a free seat, before the cut-off, in time order (empty unless invited). */
  slots: ApplicantSlotView[];
}

export function applicantSlotView(slot: InterviewSlot): ApplicantSlotView {
  return {
    id: slot.id,
    startsAt: slot.startsAt,
    minutes: slot.minutes,
    place: slot.place,
    interviewerNames: slot.interviewerNames,
    seatsLeft: Math.max(0, slot.capacity - slot.bookings.length),
  };
}

/** Whether bookings of `slot` may still change at `now`. */
export function beforeCutoff(slot: Pick<InterviewSlot, 'startsAt'>, cutoffHours: number, now: Date): boolean {
  return now.getTime() <= Date.parse(slot.startsAt) - cutoffHours * 60 * 60 * 1000;
}

export const bySlotStart = (a: Pick<InterviewSlot, 'startsAt'>, b: Pick<InterviewSlot, 'startsAt'>) =>
  Date.parse(a.startsAt) - Date.parse(b.startsAt);
