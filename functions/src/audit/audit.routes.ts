import { Router } from 'express';
import { auditQuerySchema } from '@portal/shared/domain';
import type { AppDeps } from '../app-deps';
import { parseInput } from '../http/validate';
import { requireSuperReviewer } from '../staff/staff-access';
import { createAuditService } from './audit.service';

/** GET /admin/audit: the audit log, for super-reviewers only. Read-only: no route edits an entry. */
export function auditRoutes(deps: Pick<AppDeps, 'store'>): Router {
  const audit = createAuditService(deps);
  const router = Router();
  router.get('/admin/audit', ...requireSuperReviewer(deps.store), async (req, res) => {
    res.json(await audit.list(parseInput(auditQuerySchema, req.query, 'audit query')));
  });
  return router;
}
