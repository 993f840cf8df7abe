import { displayName, RELEASE_SCHEDULE_MESSAGES, type ReleaseSchedule, type User } from '@portal/shared/domain';
import { auditEntry, recordInTransaction, type AuditActor } from '../audit/audit-entry';
import { ApiError } from '../http/api-error';
import { COLLECTIONS } from '../store/collections';
import type { DocumentStore } from '../store/document-store';
import { formOrNotFound } from '../staff/dashboard/dashboard.service';
import type { ReviewsRepository } from '../staff/reviews.repository';
import { assertNotReleased } from '../staff/staff-errors';

type Release = (formId: string, actor: AuditActor) => Promise<unknown>;

/** As stored: the shared shape, a document. */
type StoredSchedule = ReleaseSchedule & Record<string, unknown>;

const SCHEDULED = [{ field: 'state', value: 'scheduled' }];

/**
 * The scheduled release of a form's decisions: one schedule per form (its id), in UTC. `runDue`
 * (the scheduler's) releases each form whose time has come through the same `release` as the
 * button, in the name of whoever scheduled it; when the guard refuses, the schedule is left
 * failed with the reason, and the audit log records it.
 */
export function createReleaseScheduleService(deps: {
  store: DocumentStore;
  reviews: Pick<ReviewsRepository, 'getForm'>;
  now: () => Date;
  release: Release;
}) {
  const { store, reviews, now, release } = deps;
  const get = (formId: string) => store.get<StoredSchedule>(COLLECTIONS.releaseSchedules, formId);

  async function audited(
    formId: string,
    actor: AuditActor,
    action: 'release.scheduled' | 'release.unscheduled' | 'release.schedule-failed',
    before: ReleaseSchedule | null,
    after: ReleaseSchedule | null,
  ): Promise<void> {
    await store.transaction(async (tx) => {
      if (after) tx.set(COLLECTIONS.releaseSchedules, formId, after as StoredSchedule);
      else tx.delete(COLLECTIONS.releaseSchedules, formId);
      recordInTransaction(
        tx,
        auditEntry({
          actor,
          action,
          target: { collection: COLLECTIONS.releaseSchedules, id: formId },
          formId,
          before: before && { at: before.at, state: before.state },
          after: after && { at: after.at, state: after.state, reason: after.reason },
          at: now().toISOString(),
        }),
      );
    });
  }

  return {
    async get(formId: string): Promise<ReleaseSchedule | null> {
      await formOrNotFound(reviews, formId);
      return get(formId);
    },

    /** Schedules (or moves) the release; the time must be in the future and the form not released. */
    async schedule(formId: string, at: string, actor: User): Promise<ReleaseSchedule> {
      assertNotReleased(await formOrNotFound(reviews, formId));
      const when = new Date(at);
      if (when.getTime() <= now().getTime()) {
        throw new ApiError('invalid-request', 'Invalid release schedule', [
          { path: 'at', message: RELEASE_SCHEDULE_MESSAGES.inPast },
        ]);
      }
      const schedule: ReleaseSchedule = {
        formId,
        at: when.toISOString(),
        state: 'scheduled',
        reason: null,
        scheduledById: actor.id,
        scheduledByName: displayName(actor) || actor.email,
        updatedAt: now().toISOString(),
      };
      await audited(formId, actor, 'release.scheduled', await get(formId), schedule);
      return schedule;
    },

    async cancel(formId: string, actor: User): Promise<void> {
      await formOrNotFound(reviews, formId);
      const current = await get(formId);
      if (!current) throw new ApiError('not-found', RELEASE_SCHEDULE_MESSAGES.notScheduled);
      await audited(formId, actor, 'release.unscheduled', current, null);
    },

    /** Releases every form whose scheduled time has come (a missed time too: it runs at the next start). */
    async runDue(): Promise<{ released: string[]; failed: string[] }> {
      const due = (await store.query<StoredSchedule>(COLLECTIONS.releaseSchedules, { where: SCHEDULED })).items
        .map((item) => item.data)
        .filter((schedule) => Date.parse(schedule.at) <= now().getTime());
      const outcome = { released: [] as string[], failed: [] as string[] };
      for (const schedule of due) {
        // Read again: a cancel or a move since the query wins.
        const current = await get(schedule.formId);
        if (current?.state !== 'scheduled' || current.at !== schedule.at) continue;
        const scheduler = {
          ...((await store.get<User>(COLLECTIONS.users, current.scheduledById)) ?? {
            id: current.scheduledById,
            firstName: current.scheduledByName,
            lastName: '',
            email: '',
          }),
          runBy: 'scheduler' as const,
        };
        try {
          await release(current.formId, scheduler);
          await store.set(COLLECTIONS.releaseSchedules, current.formId, {
            ...current,
            state: 'released',
            updatedAt: now().toISOString(),
          });
          outcome.released.push(current.formId);
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          const failed: ReleaseSchedule = {
            ...current,
            state: 'failed',
            reason: error.message,
            updatedAt: now().toISOString(),
          };
          await audited(current.formId, scheduler, 'release.schedule-failed', current, failed);
          outcome.failed.push(current.formId);
        }
      }
      return outcome;
    },
  };
}
export type ReleaseScheduleService = ReturnType<typeof createReleaseScheduleService>;
