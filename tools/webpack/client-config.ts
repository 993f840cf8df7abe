import { clientConfigSchema, type ClientConfig } from '@portal/shared/domain';

/** The browser apps' configuration for this build, from the environment, validated. */
export function clientConfigFromEnv(env: NodeJS.ProcessEnv = process.env): ClientConfig {
  const mode = env.PORTAL_MODE === 'production' ? 'production' : 'local';
  const local = mode === 'local';
  const candidate = {
    mode,
    apiBaseUrl: env.PORTAL_API_BASE_URL ?? '/api',
    remotesManifestUrl: env.PORTAL_REMOTES_MANIFEST_URL ?? '/remotes.json',
    firebase: {
      apiKey: env.FIREBASE_API_KEY ?? (local ? 'demo-api-key' : undefined),
      authDomain: env.FIREBASE_AUTH_DOMAIN ?? (local ? 'localhost' : undefined),
      projectId: env.FIREBASE_PROJECT_ID ?? (local ? (env.PORTAL_PROJECT_ID ?? 'demo-portal') : undefined),
      appId: env.FIREBASE_APP_ID,
      storageBucket: env.FIREBASE_STORAGE_BUCKET,
    },
    authEmulator: local,
    chapter: {
      name: env.PORTAL_CHAPTER_NAME ?? 'Example Chapter',
      website: env.PORTAL_CHAPTER_WEBSITE ?? 'https://example.org/',
      photoSharing: env.PORTAL_CHAPTER_PHOTO_SHARING ?? 'https://www.instagram.com/example-chapter/',
      professionalNetwork:
        env.PORTAL_CHAPTER_PROFESSIONAL_NETWORK ?? 'https://www.linkedin.com/company/example-chapter/',
      codeHosting: env.PORTAL_CHAPTER_CODE_HOSTING ?? 'https://github.com/example-chapter',
    },
  };
  const result = clientConfigSchema.safeParse(candidate);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`Invalid browser configuration (${mode} build):\n${problems}`);
  }
  return result.data;
}

/** Where the shell finds each remote's entry; per environment, read by the shell at run time. */
export function remotesManifestFromEnv(env: NodeJS.ProcessEnv = process.env) {
  return {
    applicant: env.PORTAL_APPLICANT_REMOTE_URL ?? '/applicant/remoteEntry.js',
    admin: env.PORTAL_ADMIN_REMOTE_URL ?? '/admin/remoteEntry.js',
  };
}
