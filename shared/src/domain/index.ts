/**
 * Every domain module, for the server, the tools and the benches. Browser code imports each module
 * by its own path (`@portal/shared/domain/rules/form-rules`), never this barrel (a lint rule).
 */
export * from './ids/constants';
export * from './ids/error-codes';
export * from './ids/error-reasons';
export * from './ids/errors';
export * from './ids/placeholders';
export * from './ids/team-role-defaults';
export * from './ids/text';
export * from './schemas/account';
export * from './schemas/audit';
export * from './schemas/client-config';
export * from './schemas/conflicts';
export * from './schemas/decision-letters';
export * from './schemas/form-definition';
export * from './schemas/forms';
export * from './schemas/health';
export * from './schemas/ids';
export * from './schemas/interview-slots';
export * from './schemas/message-templates';
export * from './schemas/release-schedule';
export * from './schemas/responses';
export * from './schemas/staff-api';
export * from './schemas/team-role-definitions';
export * from './rules/application-row';
export * from './rules/blind-review';
export * from './rules/calibration';
export * from './rules/dates';
export * from './rules/exports';
export * from './rules/fair-review';
export * from './rules/files';
export * from './rules/form-changes';
export * from './rules/form-revision';
export * from './rules/form-rules';
export * from './rules/markdown-text';
export * from './rules/reviewer-progress';
export * from './rules/roles';
export * from './rules/scoring';
export * from './rules/search';
export * from './rules/staff';
export * from './rules/team-roles';
export * from './rules/three-way-merge';
export * from './messages/decision-letters';
export * from './messages/messages';
export * from './messages/response-messages';
