import './zod-config';
import { z } from 'zod/mini';
import { FINAL_DECISIONS } from '../ids/constants';
import { LETTER_PLACEHOLDERS, placeholdersIn } from '../ids/placeholders';
import { MAX_SEARCH_LENGTH } from '../ids/constants';
import { countOf } from '../ids/text';
import { idSchema, teamRoleSchema } from './ids';
import { ROW_FILTERS, ROW_TABS } from './staff-api';

/**
 * A message to a group (docs/product.md#a-message-to-a-group): a super-reviewer writes one message
 * (subject and markdown body, with the letters' placeholders) to the applicants of a filtered view
 * of the dashboard's rows. The server resolves the recipients from the filter alone, the one the
 * rows listing uses plus the dialog's own narrowing, and queues one message per applicant.
 */

/** The placeholders a group message may use: the letters' and the chapter's name. */
export const GROUP_MESSAGE_PLACEHOLDERS = [...LETTER_PLACEHOLDERS, 'chapter'] as const;

export const MAX_GROUP_SUBJECT_CHARS = 200;
export const MAX_GROUP_BODY_CHARS = 8000;
/** How many recipients the preview fills the message in for. */
export const GROUP_PREVIEW_SAMPLES = 2;
/** A form sends at most one group message in this window (a double click sends once). */
export const GROUP_MESSAGE_WINDOW_MS = 60_000;

/** What a row's decision may be narrowed to: a final decision, or none yet. */
export const GROUP_DECISIONS = [...FINAL_DECISIONS, 'undecided'] as const;
export type GroupDecision = (typeof GROUP_DECISIONS)[number];

export const GROUP_MESSAGE_MESSAGES = {
  emptySubject: 'Write a subject',
  emptyBody: 'Write the message',
  subjectOneLine: 'A subject is one line',
  unknownPlaceholder: (names: string[]) =>
    `Unknown placeholder ${names.map((name) => `{${name}}`).join(', ')}: use ${GROUP_MESSAGE_PLACEHOLDERS.map((name) => `{${name}}`).join(', ')}`,
  noRecipients: 'Nobody in this group: change the filter to reach someone',
  tooSoon: (seconds: number) =>
    `A message to a group of this form was sent less than a minute ago; try again in ${countOf(Math.max(1, seconds), 'second')}`,
  notBookedOnQualified: 'Only the Qualified tab knows who booked an interview',
  draftsAlone: 'A draft has no row: only a role narrows the applicants with a draft',
} as const;

/** What the dialog's "Recipients" offers: the view's rows, or the form's drafts not submitted (which have no rows). */
export const GROUP_RECIPIENTS = ['rows', 'drafts'] as const;
export type GroupRecipients = (typeof GROUP_RECIPIENTS)[number];

function knownPlaceholders(text: string, ctx: { addIssue: (issue: { code: 'custom'; message: string }) => void }) {
  const unknown = placeholdersIn(text).filter(
    (name) => !(GROUP_MESSAGE_PLACEHOLDERS as readonly string[]).includes(name),
  );
  if (unknown.length > 0) ctx.addIssue({ code: 'custom', message: GROUP_MESSAGE_MESSAGES.unknownPlaceholder(unknown) });
}

/**
 * The group: the dashboard view's tab, filter and search (as `GET /admin/forms/{formId}/rows` takes
 * them), narrowed to a role, a decision, or (Qualified tab) those who have not booked an interview.
 * `recipients: 'drafts'` is the form's applicants whose application is started and not submitted
 * instead (they have no rows), narrowed to a role alone.
 */
export const groupFilterSchema = z
  .strictObject({
    tab: z._default(z.enum(ROW_TABS), 'all'),
    filter: z.optional(z.enum(ROW_FILTERS)),
    tag: z.optional(idSchema),
    search: z.optional(z.string().check(z.maxLength(MAX_SEARCH_LENGTH))),
    role: z.optional(teamRoleSchema),
    decision: z.optional(z.enum(GROUP_DECISIONS)),
    notBooked: z.optional(z.boolean()),
    recipients: z.optional(z.enum(GROUP_RECIPIENTS)),
  })
  .check(
    z.refine((group) => !group.filter || group.tab === 'all', {
      path: ['filter'],
      message: 'Filters apply to the All applications tab',
    }),
    z.refine((group) => !group.notBooked || group.tab === 'qualified', {
      path: ['notBooked'],
      message: GROUP_MESSAGE_MESSAGES.notBookedOnQualified,
    }),
    z.refine(
      (group) =>
        group.recipients !== 'drafts' ||
        (group.tab === 'all' && !group.filter && !group.tag && !group.search && !group.decision && !group.notBooked),
      { path: ['recipients'], message: GROUP_MESSAGE_MESSAGES.draftsAlone },
    ),
  );
export type GroupFilter = z.input<typeof groupFilterSchema>;

/** POST /admin/forms/{formId}/group-message/preview and POST /admin/forms/{formId}/group-message */
export const groupMessageBodySchema = z.strictObject({
  group: groupFilterSchema,
  subject: z.string().check(
    z.trim(),
    z.minLength(1, GROUP_MESSAGE_MESSAGES.emptySubject),
    z.maxLength(MAX_GROUP_SUBJECT_CHARS),
    z.refine((subject) => !/[\r\n]/.test(subject), GROUP_MESSAGE_MESSAGES.subjectOneLine),
    z.superRefine(knownPlaceholders),
  ),
  body: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, GROUP_MESSAGE_MESSAGES.emptyBody),
      z.maxLength(MAX_GROUP_BODY_CHARS),
      z.superRefine(knownPlaceholders),
    ),
});
export type GroupMessageBody = z.input<typeof groupMessageBodySchema>;

/** One recipient's message as it will be sent: the subject as plain text, the body as filled-in markdown. */
export interface GroupMessageSample {
  name: string;
  subject: string;
  body: string;
}

/** The preview: how many applicants the message reaches, and it filled in for the first few. */
export interface GroupMessagePreview {
  recipients: number;
  samples: GroupMessageSample[];
}

/** The send: messages queued (one per applicant), and applicants deleted before it was written. */
export interface GroupMessageSent {
  sent: number;
  skipped: number;
}
