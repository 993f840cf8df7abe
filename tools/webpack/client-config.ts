import {
  clientConfigSchema,
  remotesManifestSchema,
  type ClientConfig,
  type RemotesManifest,
} from '@portal/shared/domain';

/**
 * The browser apps' configuration for this build, from the environment, validated.
 *
 * Production reads the Firebase web config and the App Check site key from the build environment
 * (see the decision in shared/src/domain/schemas/client-config.ts); local mode fills in the offline demo
 * project and the Auth emulator, and never enables App Check.
 */
export function clientConfigFromEnv(env: NodeJS.ProcessEnv = process.env): ClientConfig {
  const mode = env.PORTAL_MODE === 'production' ? 'production' : 'local';
  const local = mode === 'local';
  const siteKey = env.FIREBASE_APP_CHECK_SITE_KEY;
  const candidate = {
    mode,
    apiBaseUrl: env.PORTAL_API_BASE_URL || undefined,
    remotesManifestUrl: env.PORTAL_REMOTES_MANIFEST_URL ?? '/remotes.json',
    firebase: {
      apiKey: env.FIREBASE_API_KEY ?? (local ? 'demo-api-key' : undefined),
      authDomain: env.FIREBASE_AUTH_DOMAIN ?? (local ? 'localhost' : undefined),
      projectId: env.FIREBASE_PROJECT_ID ?? (local ? (env.PORTAL_PROJECT_ID ?? 'demo-portal') : undefined),
      appId: env.FIREBASE_APP_ID || undefined,
      storageBucket: env.FIREBASE_STORAGE_BUCKET || undefined,
    },
    appCheck: !local && siteKey ? { siteKey } : undefined,
    authEmulator: local ? true : undefined,
    chapter: {
      name: env.PORTAL_CHAPTER_NAME ?? 'Example Chapter',
      website: env.PORTAL_CHAPTER_WEBSITE ?? 'https://example.org/',
      photoSharing: env.PORTAL_CHAPTER_PHOTO_SHARING ?? 'https://www.instagram.com/example-chapter/',
      professionalNetwork:
        env.PORTAL_CHAPTER_PROFESSIONAL_NETWORK ?? 'https://www.linkedin.com/company/example-chapter/',
      codeHosting: env.PORTAL_CHAPTER_CODE_HOSTING ?? 'https://github.com/example-chapter',
      timeZone: env.PORTAL_CHAPTER_TIME_ZONE || (local ? 'America/New_York' : undefined),
    },
  };
  const result = clientConfigSchema.safeParse(candidate);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`Invalid browser configuration (${mode} build):\n${problems}`);
  }
  return result.data;
}

const REMOTE_URL_ENV: Record<keyof RemotesManifest, string> = {
  applicant: 'PORTAL_APPLICANT_REMOTE_URL',
  admin: 'PORTAL_ADMIN_REMOTE_URL',
};

/**
 * Where the shell finds each remote's entry; per environment, read by the shell at run time.
 * Locally the remotes are served by the local server under /applicant/ and /admin/; a production
 * build must name each remote's deployed entry (its own Hosting site) with an absolute https URL.
 */
export function remotesManifestFromEnv(env: NodeJS.ProcessEnv = process.env): RemotesManifest {
  const production = env.PORTAL_MODE === 'production';
  const manifest = {
    applicant: env.PORTAL_APPLICANT_REMOTE_URL || (production ? '' : '/applicant/remoteEntry.js'),
    admin: env.PORTAL_ADMIN_REMOTE_URL || (production ? '' : '/admin/remoteEntry.js'),
  };
  if (production) {
    const problems = (Object.keys(REMOTE_URL_ENV) as (keyof RemotesManifest)[])
      .filter((name) => !/^https:\/\/[^/]+\/.*remoteEntry\.js$/.test(manifest[name]))
      .map((name) => `  ${REMOTE_URL_ENV[name]}: the https URL of the ${name} remote's remoteEntry.js is required`);
    if (problems.length > 0) throw new Error(`Invalid remotes manifest (production build):\n${problems.join('\n')}`);
  }
  return remotesManifestSchema.parse(manifest);
}

/** The content of the shell's /remotes.json for the build environment. */
export function remotesManifestJson(env: NodeJS.ProcessEnv = process.env): string {
  return `${JSON.stringify(remotesManifestFromEnv(env), null, 2)}\n`;
}
