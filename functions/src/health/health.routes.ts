import { Router } from 'express';
import type { Health } from '@portal/shared/domain';
import type { AppDeps } from '../app-deps';

export function healthRoutes(deps: Pick<AppDeps, 'storeName' | 'version'>): Router {
  const router = Router();
  router.get('/health', (_req, res) => {
    const body: Health = { status: 'ok', version: deps.version, store: deps.storeName, time: new Date().toISOString() };
    res.json(body);
  });
  return router;
}
