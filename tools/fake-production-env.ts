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
