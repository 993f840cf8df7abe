import express, { type Express, type RequestHandler } from 'express';
import helmet from 'helmet';
import type { AppDeps } from './app-deps';
import { exportsRoutes } from './exports/exports.routes';
import { filesRoutes } from './files/files.routes';
import { formsRoutes } from './forms/forms.routes';
import { appCheckMiddleware } from './http/app-check';
import { corsMiddleware } from './http/cors';
import { fixedHeaders } from './http/fixed-headers';
import { errorMiddleware, notFoundHandler } from './http/error-middleware';
import { GENEROUS_RATE_LIMITS, profileRateLimit, signUpRateLimit, uploadRateLimit } from './http/rate-limit';
import { rejectMalformedPath } from './http/reject-malformed-path';
import { requestLog } from './http/request-log';
import { requireJsonBody } from './http/require-json';
import { identityMiddleware } from './identity/identity-middleware';
import { decisionsRoutes } from './responses/decisions.routes';
import { responsesRoutes } from './responses/responses.routes';
import { healthHandler } from './health/health.routes';
import { sessionRoutes } from './session/session.routes';
import { auditRoutes } from './audit/audit.routes';
import { adminFormsRoutes } from './staff/admin-forms.routes';
import { adminUsersRoutes } from './staff/admin-users.routes';
import { reviewsRoutes } from './staff/reviews.routes';
import { notesRoutes } from './staff/notes/notes.routes';
import { groupMessagesRoutes } from './staff/group-messages/group-messages.routes';
import { reviewerDigestRoutes } from './staff/digest/reviewer-digest.routes';
import { tagsRoutes } from './staff/tags/tags.routes';
import { releasedDecisionsRoutes } from './staff/decisions/released-decisions.routes';
import { authRoutes } from './users/auth.routes';
import { accountDeletionRoutes } from './users/account-deletion.routes';
import { retentionRoutes } from './retention/retention.routes';
import { DEFAULT_PRIVACY_NOTICE } from './users/privacy-notice';
import { privacyNoticeRoutes } from './users/privacy-notice.routes';
import { myDataRoutes } from './my-data/my-data.routes';
import { interviewsRoutes } from './interviews/interviews.routes';
import { preferencesRoutes } from './users/preferences.routes';
import { DEFAULT_MAIL_SETTINGS } from './outbox/outbox';
import { outboxRoutes } from './outbox/outbox.routes';
import { releaseScheduleRoutes } from './scheduler/release-schedule.routes';
import { withFormCounters } from './store/form-counters';

export type { AppDeps } from './app-deps';

export const API_BODY_LIMIT = '1mb';

/** Builds the API (every route under /api); it never listens. */
export function createApp(appDeps: AppDeps): Express {
  // Every write of a row or response keeps its form's counters (store/form-counters.ts).
  const deps = { ...appDeps, store: withFormCounters(appDeps.store) };
  const app = express();
  app.disable('x-powered-by');
  // Every answer is no-store, so no client revalidates with an ETag: hashing each body would be wasted.
  app.disable('etag');
  app.set('trust proxy', deps.trustedProxyHops ?? 0);

  const securityHeaders = fixedHeaders(
    helmet({ contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } } }),
  );
  const noStore: RequestHandler = (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  };
  const cors = corsMiddleware(deps.allowedOrigins ?? []);
  app.get('/api/health', securityHeaders, noStore, cors, healthHandler(deps));

  const api = express.Router();
  api.use(requestLog(deps.logger));
  api.use(securityHeaders);
  api.use(noStore);
  api.use(rejectMalformedPath);
  // Preflights carry neither App Check nor a token: CORS answers them first.
  api.use(cors);
  api.use(appCheckMiddleware(deps.appCheck ?? null));
  api.use(identityMiddleware(deps.identity, deps.store));
  // After identity (profile changes and uploads count per user), before any body is read.
  const rateLimits = deps.rateLimits ?? GENEROUS_RATE_LIMITS;
  api.post(['/auth/update', '/auth/complete', '/auth/privacy-notice'], profileRateLimit(rateLimits, deps.store));
  api.post('/files/:responseId/:questionId', uploadRateLimit(rateLimits, deps.store));
  // File uploads carry raw bytes: their router comes before the JSON-only body handling.
  api.use(filesRoutes(deps));
  api.use(requireJsonBody);
  api.use(express.json({ limit: API_BODY_LIMIT, strict: true }));
  // After the body is read: only a sign-up that could create an account counts.
  api.post('/auth/register', signUpRateLimit(rateLimits, deps.store));

  const now = deps.now ?? (() => new Date());
  const mail = deps.mail ?? DEFAULT_MAIL_SETTINGS;
  const privacyNotice = deps.privacyNotice ?? DEFAULT_PRIVACY_NOTICE;
  // An applicant's reads and autosaves, the busiest routes, first: each router a request walks
  // past costs it a share of its time. (No other router answers their paths.)
  api.use(responsesRoutes({ store: deps.store, files: deps.files, now, mail }));
  api.use(sessionRoutes({ store: deps.store, privacyNoticeVersion: privacyNotice.version }));
  api.use(authRoutes({ ...deps, privacyNotice, now }));
  api.use(privacyNoticeRoutes({ ...deps, privacyNotice, mail, now }));
  api.use(formsRoutes(deps));
  api.use(decisionsRoutes({ store: deps.store, now, mail }));
  const staffDeps = { store: deps.store, accounts: deps.accounts, now, mail };
  api.use(adminUsersRoutes({ ...staffDeps, files: deps.files }));
  api.use(adminFormsRoutes(staffDeps));
  api.use(interviewsRoutes({ store: deps.store, now, mail }));
  api.use(preferencesRoutes(staffDeps));
  api.use(reviewsRoutes({ ...staffDeps, logger: deps.logger, jobInlineMs: deps.jobInlineMs }));
  api.use(releasedDecisionsRoutes(staffDeps));
  api.use(notesRoutes(staffDeps));
  api.use(groupMessagesRoutes(staffDeps));
  api.use(reviewerDigestRoutes(staffDeps));
  api.use(tagsRoutes(staffDeps));
  api.use(exportsRoutes({ ...staffDeps, files: deps.files, logger: deps.logger, jobInlineMs: deps.jobInlineMs }));
  api.use(myDataRoutes({ store: deps.store, files: deps.files, now }));
  api.use(auditRoutes(staffDeps));
  api.use(outboxRoutes(staffDeps));
  api.use(releaseScheduleRoutes(staffDeps));
  api.use(accountDeletionRoutes({ store: deps.store, accounts: deps.accounts, files: deps.files, now }));
  api.use(retentionRoutes(staffDeps));

  api.use(notFoundHandler);
  api.use(errorMiddleware);
  app.use('/api', api);
  return app;
}
