import './zod-config';
import { z } from 'zod/mini';
import { PIPELINE_STAGES } from '../ids/pipeline-stages';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './staff-api';
import { teamRoleSchema } from './ids';

/** The stages whose rows the pipeline lists: every stage but `started` (a draft has no row). */
export const PIPELINE_ROW_STAGES = PIPELINE_STAGES.filter(
  (stage): stage is Exclude<(typeof PIPELINE_STAGES)[number], 'started'> => stage !== 'started',
);

/**
 * GET /admin/forms/{formId}/pipeline/rows: the rows a chart of the pipeline counts, either a role's
 * stage of the funnel (by applicant name) or the role applications submitted on one UTC day.
 */
export const pipelineRowsQuerySchema = z
  .strictObject({
    role: z.optional(teamRoleSchema),
    stage: z.optional(z.enum(PIPELINE_ROW_STAGES)),
    day: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'A day is YYYY-MM-DD'))),
    cursor: z.optional(z.string().check(z.maxLength(500))),
    limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(MAX_PAGE_SIZE)), DEFAULT_PAGE_SIZE),
  })
  .check(
    z.refine((query) => (query.day === undefined) !== (query.role === undefined && query.stage === undefined), {
      message: 'Name a day, or a role and a stage',
    }),
    z.refine((query) => (query.role === undefined) === (query.stage === undefined), {
      path: ['stage'],
      message: 'A stage is listed for one role: name both',
    }),
  );
export type PipelineRowsQuery = z.input<typeof pipelineRowsQuerySchema>;
