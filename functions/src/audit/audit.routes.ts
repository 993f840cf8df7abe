import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import { Router } from 'express';
import { auditExportQuerySchema, auditQuerySchema, dateTimeFormat } from '@portal/shared/domain';
import type { AppDeps } from '../app-deps';
import { neutralizeFormula } from '../exports/applications-csv';
import { parseInput } from '../http/validate';
import { DEFAULT_MAIL_SETTINGS, type MailSettings } from '../outbox/outbox';
import { requireSuperReviewer } from '../staff/staff-access';
import { createAuditService } from './audit.service';

/** "audit log 2026-03-01.csv": the day of the export in the chapter's zone. */
const exportName = (at: Date, timeZone: string) =>
  `audit log ${dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at)}.csv`;

/**
 * GET /admin/audit and its CSV export: the audit log, for super-reviewers only. Read-only: no
 * route edits an entry. Dates are days in the chapter's zone (PORTAL_CHAPTER_TIME_ZONE).
 */
export function auditRoutes(deps: Pick<AppDeps, 'store'> & { mail?: MailSettings; now?: () => Date }): Router {
  const timeZone = deps.mail?.timeZone ?? DEFAULT_MAIL_SETTINGS.timeZone!;
  const now = deps.now ?? (() => new Date());
  const audit = createAuditService({ store: deps.store, timeZone });
  const router = Router();
  const superOnly = requireSuperReviewer(deps.store);
  router.get('/admin/audit', ...superOnly, async (req, res) => {
    res.json(await audit.list(parseInput(auditQuerySchema, req.query, 'audit query')));
  });
  router.get('/admin/audit/export.csv', ...superOnly, async (req, res) => {
    const query = parseInput(auditExportQuerySchema, req.query, 'audit query');
    res.attachment(exportName(now(), timeZone));
    res.type('text/csv; charset=utf-8');
    // As the applications' export: UTF-8 with its byte order mark, every text cell neutralized (CSV injection).
    await pipeline(Readable.from(audit.csv(query)), stringify({ bom: true, cast: { string: neutralizeFormula } }), res);
  });
  return router;
}
