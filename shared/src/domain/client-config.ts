import { z } from 'zod';

/** Build-time configuration of the browser apps; validated by the build, injected as a constant. */
export const clientConfigSchema = z.object({
  mode: z.enum(['local', 'production']),
  apiBaseUrl: z.string().min(1),
  remotesManifestUrl: z.string().min(1),
  firebase: z.object({
    apiKey: z.string().min(1),
    authDomain: z.string().min(1),
    projectId: z.string().min(1),
    appId: z.string().min(1).optional(),
    storageBucket: z.string().min(1).optional(),
  }),
  /** Local mode: the Auth emulator is reached through the page's own origin. */
  authEmulator: z.boolean(),
  chapter: z.object({
    name: z.string().min(1),
    website: z.url(),
    photoSharing: z.url(),
    professionalNetwork: z.url(),
    codeHosting: z.url(),
  }),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

export const remotesManifestSchema = z.object({
  applicant: z.string().min(1),
  admin: z.string().min(1),
});
export type RemotesManifest = z.infer<typeof remotesManifestSchema>;
export type RemoteName = keyof RemotesManifest;
