/** A production build's environment with obviously fake values, for the tests that build or configure one. */
export const FAKE_PRODUCTION_ENV = {
  PORTAL_MODE: 'production',
  FIREBASE_API_KEY: 'test-key',
  FIREBASE_AUTH_DOMAIN: 'test-project.firebaseapp.com',
  FIREBASE_PROJECT_ID: 'test-project',
  FIREBASE_APP_ID: '1:000000000000:web:test-app',
  FIREBASE_APP_CHECK_SITE_KEY: 'test-site-key',
  PORTAL_APPLICANT_REMOTE_URL: 'https://applicant.example.org/remoteEntry.js',
  PORTAL_ADMIN_REMOTE_URL: 'https://admin.example.org/remoteEntry.js',
};

/**
 * The environment of a production build with those values into `outDir`: this process's, less its
 * own build settings (PORTAL_*, FIREBASE_*), so a developer's local settings never leak into it.
 */
export function productionBuildEnv(outDir: string, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const rest = Object.fromEntries(Object.entries(env).filter(([key]) => !/^(PORTAL_|FIREBASE_)/.test(key)));
  return { ...rest, ...FAKE_PRODUCTION_ENV, PORTAL_BUILD_OUT_DIR: outDir };
}
