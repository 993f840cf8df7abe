import './zod-config';
import { z } from 'zod/mini';
import { timeZoneSchema } from './forms';

/**
 * Build-time configuration of the browser apps; validated by the build, injected as a constant.
 *
 * Decision: the production Firebase web config (and the App Check site key) comes from the build
 * environment, not from Hosting's reserved `/__/firebase/init.json`. The build validates it before
 * anything is deployed, the values are constants in the bundle (no extra request before the SDK
 * can start, nothing added to the signed-out landing page, which loads no Firebase code at all),
 * and the same bundle shape serves local and production. None of these values is a secret, but
 * real ones live only in the deploying environment, never in the repository.
 */
const nonEmpty = z.string().check(z.minLength(1));

export const clientConfigSchema = z
  .object({
    mode: z.enum(['local', 'production']),
    apiBaseUrl: z._default(nonEmpty, '/api'),
    remotesManifestUrl: nonEmpty,
    firebase: z.object({
      apiKey: nonEmpty,
      authDomain: nonEmpty,
      projectId: nonEmpty,
      appId: z.optional(nonEmpty),
      storageBucket: z.optional(nonEmpty),
    }),
    /** App Check with reCAPTCHA Enterprise; production only (locally there is no attestation service). */
    appCheck: z.optional(z.object({ siteKey: nonEmpty })),
    /**
     * Local mode: the Auth emulator is reached through the page's own origin. Left out of
     * production configs (the production bundle names no emulator at all); never true there.
     */
    authEmulator: z.optional(z.boolean()),
    chapter: z.object({
      name: nonEmpty,
      website: z.url(),
      photoSharing: z.url(),
      professionalNetwork: z.url(),
      codeHosting: z.url(),
      /** Dates such as the due date are shown in it, naming it; absent, in the viewer's own zone. */
      timeZone: z.optional(timeZoneSchema),
    }),
  })
  .check(
    z.superRefine((config, ctx) => {
      if (config.mode !== 'production') return;
      if (!config.firebase.appId) {
        ctx.addIssue({
          code: 'custom',
          path: ['firebase', 'appId'],
          message: 'a production build needs the Firebase web app id (FIREBASE_APP_ID)',
        });
      }
      if (!config.appCheck?.siteKey) {
        ctx.addIssue({
          code: 'custom',
          path: ['appCheck', 'siteKey'],
          message: 'a production build needs the App Check reCAPTCHA Enterprise site key (FIREBASE_APP_CHECK_SITE_KEY)',
        });
      }
      if (config.authEmulator) {
        ctx.addIssue({
          code: 'custom',
          path: ['authEmulator'],
          message: 'a production build must not connect to the Auth emulator',
        });
      }
      if (config.firebase.projectId.startsWith('demo-')) {
        ctx.addIssue({
          code: 'custom',
          path: ['firebase', 'projectId'],
          message: `"${config.firebase.projectId}" is an offline demo project id; a production build needs the real project (FIREBASE_PROJECT_ID)`,
        });
      }
    }),
  );
export type ClientConfig = z.infer<typeof clientConfigSchema>;

export const remotesManifestSchema = z.object({
  applicant: nonEmpty,
  admin: nonEmpty,
});
export type RemotesManifest = z.infer<typeof remotesManifestSchema>;
export type RemoteName = keyof RemotesManifest;
