/** How far a role application got, in order: the funnel's stages (rules/pipeline.ts). */
export const PIPELINE_STAGES = [
  'started',
  'submitted',
  'reviewed',
  'qualified',
  'interviewed',
  'decided',
  'offer-accepted',
] as const;
export type PipelineStage = (typeof PIPELINE_STAGES)[number];
