import {
  formatDateTime,
  REVIEWER_PROGRESS_TEXTS,
  reviewerProgress,
  type ReviewerProgressPage,
  type User,
} from '@portal/shared/domain';
import { ApiError } from '../http/api-error';
import { composeMessage, outboxEvents, outboxId, type MailSettings } from '../outbox/outbox';
import { formOrNotFound } from './dashboard.service';
import type { ReviewsRepository } from './reviews.repository';

/** Where a reviewer finds their reviews of the form. */
const dashboardPath = (formId: string) => `/admin/reviewer/dashboard/${encodeURIComponent(formId)}/apps`;

/** The super-reviewer's reviewer progress page and its "Remind" action. */
export function createReviewerProgressService(deps: {
  reviews: ReviewsRepository;
  now: () => Date;
  mail: MailSettings;
}) {
  const { reviews, now, mail } = deps;

  return {
    async progress(formId: string): Promise<ReviewerProgressPage> {
      const form = await formOrNotFound(reviews, formId);
      const items = reviewerProgress(await reviews.formReviews(formId), now(), form.reviewDueDate);
      return { reviewDueDate: form.reviewDueDate ?? null, items };
    },

    /**
     * Queues a reminder to the reviewer in the outbox: how many of their reviews are open and
     * when they are due. One a day per reviewer and form (the outbox id is the idempotency key).
     */
    async remind(formId: string, staffId: string): Promise<{ queued: true; open: number }> {
      const form = await formOrNotFound(reviews, formId);
      const open = (await reviews.formReviews(formId)).filter(
        (review) => review.staffId === staffId && review.state !== 'submitted',
      ).length;
      if (open === 0) throw new ApiError('conflict', REVIEWER_PROGRESS_TEXTS.nothingToRemind);
      const at = now();
      const event = outboxEvents.reminded(formId, at);
      await reviews.transaction(async (tx) => {
        const reviewer: User | null = await tx.getUser(staffId);
        if (!reviewer) throw new ApiError('not-found', 'No user with this ID');
        if (await tx.getOutboxMessage(outboxId(event, staffId))) {
          throw new ApiError('conflict', REVIEWER_PROGRESS_TEXTS.remindedToday);
        }
        const timeZone = form.timeZone ?? mail.timeZone;
        tx.queueMessage(
          composeMessage({
            kind: 'reviewerReminder',
            form,
            event,
            recipient: reviewer,
            values: {
              firstName: reviewer.firstName,
              semester: form.semester,
              role: '',
              open: String(open),
              dueDate: form.reviewDueDate ? formatDateTime(form.reviewDueDate, timeZone) : 'as soon as you can',
              dashboardLink: `${mail.portalUrl}${dashboardPath(formId)}`,
            },
            settings: mail,
            at: at.toISOString(),
          }),
        );
      });
      return { queued: true, open };
    },
  };
}
