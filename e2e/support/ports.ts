import { PORT_OFFSET } from '../../tools/port-offset';

/** Ports of the browser-test runtime, apart from `npm start`'s defaults so both can run at once. */
export const E2E_PORT = 18080 + PORT_OFFSET;
export const E2E_AUTH_EMULATOR_PORT = 19299 + PORT_OFFSET;
/** The Cloud Firestore emulator of the runtime, when the browser tests run with PORTAL_STORE=firestore-emulator. */
export const E2E_FIRESTORE_EMULATOR_PORT = 19269 + PORT_OFFSET;
/** The launcher test starts its own runtime on these. */
export const LAUNCHER_TEST_PORT = 18090 + PORT_OFFSET;
export const LAUNCHER_TEST_AUTH_EMULATOR_PORT = 19399 + PORT_OFFSET;
/** The staff-cycle test runs a cycle from an empty dashboard on its own runtime. */
export const CYCLE_TEST_PORT = 18100 + PORT_OFFSET;
export const CYCLE_TEST_AUTH_EMULATOR_PORT = 19499 + PORT_OFFSET;
export const CYCLE_TEST_FIRESTORE_EMULATOR_PORT = 19489 + PORT_OFFSET;
/** The launcher test on the Firestore emulator starts its own runtime on these. */
export const FIRESTORE_LAUNCHER_TEST_PORT = 18110 + PORT_OFFSET;
export const FIRESTORE_LAUNCHER_TEST_AUTH_EMULATOR_PORT = 19599 + PORT_OFFSET;
export const FIRESTORE_LAUNCHER_TEST_FIRESTORE_EMULATOR_PORT = 19589 + PORT_OFFSET;
/** The long-form test publishes a 15-section form as the active one, on its own runtime. */
export const LONG_FORM_TEST_PORT = 18120 + PORT_OFFSET;
export const LONG_FORM_TEST_AUTH_EMULATOR_PORT = 19699 + PORT_OFFSET;
/** The custom-roles test publishes a form with its own team roles as the active one, on its own runtime. */
export const CUSTOM_ROLES_TEST_PORT = 18130 + PORT_OFFSET;
export const CUSTOM_ROLES_TEST_AUTH_EMULATOR_PORT = 19799 + PORT_OFFSET;
/** The form-builder test builds a chapter's form and runs its cycle on its own runtime. */
export const BUILDER_TEST_PORT = 18140 + PORT_OFFSET;
export const BUILDER_TEST_AUTH_EMULATOR_PORT = 19899 + PORT_OFFSET;
/** The blind-review test publishes a blind form as the active one, on its own runtime. */
export const BLIND_REVIEW_TEST_PORT = 18160 + PORT_OFFSET;
export const BLIND_REVIEW_TEST_AUTH_EMULATOR_PORT = 20099 + PORT_OFFSET;
/** The interview-slots test publishes a slot, books it and reads the emails, on its own runtime. */
export const INTERVIEW_SLOTS_TEST_PORT = 18270 + PORT_OFFSET;
export const INTERVIEW_SLOTS_TEST_AUTH_EMULATOR_PORT = 20899 + PORT_OFFSET;
/** The notification-cycle test moves its runtime's clock to run a scheduled release, on its own runtime. */
export const NOTIFICATION_CYCLE_TEST_PORT = 18300 + PORT_OFFSET;
export const NOTIFICATION_CYCLE_TEST_AUTH_EMULATOR_PORT = 21099 + PORT_OFFSET;
export const NOTIFICATION_CYCLE_TEST_FIRESTORE_EMULATOR_PORT = 21089 + PORT_OFFSET;
/** The demo-data test starts a runtime as a first `npm start` does, sample reviews and all. */
export const DEMO_DATA_TEST_PORT = 18310 + PORT_OFFSET;
export const DEMO_DATA_TEST_AUTH_EMULATOR_PORT = 21199 + PORT_OFFSET;
/** The deploy test serves the shell here and each remote from an origin of its own, as production does. */
export const DEPLOY_TEST_PORT = 18320 + PORT_OFFSET;
export const DEPLOY_TEST_AUTH_EMULATOR_PORT = 21299 + PORT_OFFSET;
export const DEPLOY_TEST_APPLICANT_PORT = 18321 + PORT_OFFSET;
export const DEPLOY_TEST_ADMIN_PORT = 18322 + PORT_OFFSET;
/** The privacy test signs up, downloads an applicant's data and restarts its runtime with a new notice, on its own runtime. */
export const PRIVACY_TEST_PORT = 18330 + PORT_OFFSET;
export const PRIVACY_TEST_AUTH_EMULATOR_PORT = 21399 + PORT_OFFSET;
export const PRIVACY_TEST_FIRESTORE_EMULATOR_PORT = 21389 + PORT_OFFSET;
/** The long-work test answers every release, auto-assign and ZIP with a job (PORTAL_JOB_INLINE_MS=0), on its own runtime. */
export const LONG_WORK_TEST_PORT = 18340 + PORT_OFFSET;
export const LONG_WORK_TEST_AUTH_EMULATOR_PORT = 21499 + PORT_OFFSET;
export const LONG_WORK_TEST_FIRESTORE_EMULATOR_PORT = 21489 + PORT_OFFSET;
/** The group-message test moves its runtime's clock past the one-a-minute limit, on its own runtime. */
export const GROUP_MESSAGE_TEST_PORT = 18350 + PORT_OFFSET;
export const GROUP_MESSAGE_TEST_AUTH_EMULATOR_PORT = 21599 + PORT_OFFSET;
