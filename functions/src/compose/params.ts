import { defineBoolean, defineInt, defineString } from 'firebase-functions/params';
import { PRODUCTION_DEFAULTS } from '../config';

/**
 * The API function's params. Set them in functions/.env.<project> or answer the CLI at deploy;
 * every one has a default. At run time loadProductionConfig validates their raw values.
 */
export const PORTAL_REGION = defineString('PORTAL_REGION', {
  default: PRODUCTION_DEFAULTS.PORTAL_REGION,
  description: 'Region of the api function (keep the Hosting rewrite in firebase.json in step)',
});
export const API_MEMORY_MB = defineInt('API_MEMORY_MB', {
  default: PRODUCTION_DEFAULTS.API_MEMORY_MB,
  description: 'Memory of each api instance, in MB',
});
export const API_MAX_INSTANCES = defineInt('API_MAX_INSTANCES', {
  default: PRODUCTION_DEFAULTS.API_MAX_INSTANCES,
  description: 'Most api instances running at once (a cost ceiling)',
});
export const API_MIN_INSTANCES = defineInt('API_MIN_INSTANCES', {
  default: PRODUCTION_DEFAULTS.API_MIN_INSTANCES,
  description: 'api instances kept warm (1 while applications are open, 0 otherwise; each costs while idle)',
});
export const API_CONCURRENCY = defineInt('API_CONCURRENCY', {
  default: PRODUCTION_DEFAULTS.API_CONCURRENCY,
  description: 'Requests one api instance serves at once (uploads of up to 10 MB are held in memory)',
});
export const APP_CHECK_ENFORCED = defineBoolean('APP_CHECK_ENFORCED', {
  default: PRODUCTION_DEFAULTS.APP_CHECK_ENFORCED,
  description: 'Refuse API requests without a valid App Check token (all but GET /api/health)',
});
export const STORAGE_BUCKET = defineString('STORAGE_BUCKET', {
  default: PRODUCTION_DEFAULTS.STORAGE_BUCKET,
  description: "Bucket for uploaded files; empty means the project's default bucket",
});
export const ALLOWED_ORIGINS = defineString('ALLOWED_ORIGINS', {
  default: PRODUCTION_DEFAULTS.ALLOWED_ORIGINS,
  description: 'Comma-separated origins allowed to call the API across origins (for CORS; none today)',
});
export const TRUSTED_PROXY_HOPS = defineInt('TRUSTED_PROXY_HOPS', {
  default: PRODUCTION_DEFAULTS.TRUSTED_PROXY_HOPS,
  description:
    'Proxies in front of the API that append to X-Forwarded-For (2 behind Hosting; 1 if the function is called directly)',
});
export const PORTAL_CHAPTER_NAME = defineString('PORTAL_CHAPTER_NAME', {
  default: PRODUCTION_DEFAULTS.PORTAL_CHAPTER_NAME,
  description: "The chapter's name, shown in every email the portal sends",
});
export const PORTAL_URL = defineString('PORTAL_URL', {
  default: PRODUCTION_DEFAULTS.PORTAL_URL,
  description:
    "The portal's origin for links in emails (e.g. https://apply.chapter.org); empty: https://<project>.web.app",
});
export const PORTAL_CHAPTER_TIME_ZONE = defineString('PORTAL_CHAPTER_TIME_ZONE', {
  default: PRODUCTION_DEFAULTS.PORTAL_CHAPTER_TIME_ZONE,
  description: 'IANA time zone of the dates in emails when a form names none (e.g. America/New_York); empty: UTC',
});
export const PORTAL_PRIVACY_NOTICE_VERSION = defineString('PORTAL_PRIVACY_NOTICE_VERSION', {
  default: '',
  description:
    'Version of the privacy notice in force (e.g. 2026-09); a new one asks every user to accept it again. Empty: the default notice',
});
export const PORTAL_PRIVACY_NOTICE_TEXT = defineString('PORTAL_PRIVACY_NOTICE_TEXT', {
  default: '',
  description: "The chapter's privacy notice, in markdown (\\n for a line break); empty: the portal's default text",
});
export const PORTAL_PRIVACY_NOTICE_URL = defineString('PORTAL_PRIVACY_NOTICE_URL', {
  default: '',
  description: "The address of the chapter's full privacy notice, linked under it; empty: no link",
});
