import './zod-config';
import { z } from 'zod/mini';
import { BLOCK_PLACEHOLDERS, MESSAGE_PLACEHOLDERS, placeholdersIn, type MessageKind } from '../ids/placeholders';

/** The schema of a form's email templates (docs/product.md#emails): each kind's subject and body, with its placeholders only. */

const placeholderList = (names: readonly string[]) => names.map((name) => `{${name}}`).join(', ');

export const MESSAGE_TEMPLATE_MESSAGES = {
  unknownPlaceholder: (names: string[], allowed: readonly string[]) =>
    `Unknown placeholder ${placeholderList(names)}: use ${placeholderList(allowed)}`,
} as const;

function templateText(allowed: readonly string[], max: number) {
  return z.string().check(
    z.trim(),
    z.minLength(1),
    z.maxLength(max),
    z.superRefine((text, ctx) => {
      const unknown = placeholdersIn(text).filter((name) => !allowed.includes(name));
      if (unknown.length > 0) {
        ctx.addIssue({ code: 'custom', message: MESSAGE_TEMPLATE_MESSAGES.unknownPlaceholder(unknown, allowed) });
      }
    }),
  );
}

function templateSchema(kind: MessageKind) {
  const all: readonly string[] = MESSAGE_PLACEHOLDERS[kind];
  return z.strictObject({
    /** One line; block placeholders are refused here. */
    subject: templateText(
      all.filter((name) => !BLOCK_PLACEHOLDERS.includes(name)),
      200,
    ).check(z.refine((subject) => !/[\r\n]/.test(subject), 'A subject is one line')),
    body: templateText(all, 8000),
  });
}

export const messageTemplatesSchema = z.strictObject({
  submissionReceipt: z.optional(templateSchema('submissionReceipt')),
  decisionReleased: z.optional(templateSchema('decisionReleased')),
  reviewerReminder: z.optional(templateSchema('reviewerReminder')),
  interviewInvitation: z.optional(templateSchema('interviewInvitation')),
  interviewConfirmation: z.optional(templateSchema('interviewConfirmation')),
  interviewCancellation: z.optional(templateSchema('interviewCancellation')),
  draftReminder: z.optional(templateSchema('draftReminder')),
  offerReply: z.optional(templateSchema('offerReply')),
  decisionChanged: z.optional(templateSchema('decisionChanged')),
  offerExpired: z.optional(templateSchema('offerExpired')),
  interviewChanged: z.optional(templateSchema('interviewChanged')),
  interviewerBooking: z.optional(templateSchema('interviewerBooking')),
  interviewerCancellation: z.optional(templateSchema('interviewerCancellation')),
  chooseRolesAgain: z.optional(templateSchema('chooseRolesAgain')),
  retentionNotice: z.optional(templateSchema('retentionNotice')),
  noteMention: z.optional(templateSchema('noteMention')),
});
export type MessageTemplates = z.infer<typeof messageTemplatesSchema>;
export type MessageTemplate = { subject: string; body: string };
