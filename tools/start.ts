import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { remoteScriptOrigins } from '../functions/src/http/security-headers';
import { loadLocalConfig } from '../functions/src/config';
import { startLocalRuntime } from '../functions/src/local/start-local-runtime';
import { DEMO_PASSWORD, DEMO_USERS } from '../functions/src/seed/demo-accounts';
import { USER_ROLE_LABELS } from '@portal/shared/domain';
import { startAuthEmulator } from './auth-emulator';
import { buildStaleApps } from './build';
import { startLocalFirestoreEmulator, pointAtFirestoreEmulator } from './firestore-emulator';
import { outputDir } from './webpack/app-dirs';
import { version } from '../package.json';

/**
 * The origins of the remotes the shell's remotes.json names, when they are served from origins of
 * their own (as in production): the page policy lets their scripts run. None when they are served here.
 */
function shellRemoteOrigins(): string[] {
  const manifest = path.join(outputDir('shell'), 'remotes.json');
  if (!existsSync(manifest)) return [];
  return remoteScriptOrigins(Object.values(JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, string>));
}

/** `npm start`: build what is stale, start the Auth emulator and the one local server, stop both on Ctrl-C. */
async function main(): Promise<void> {
  const config = loadLocalConfig();
  const dataDir = path.resolve(config.DATA_DIR);
  // PORTAL_PREBUILT=1: serve the bundles in place as they are (the deploy test mixes builds of two states).
  if (process.env.PORTAL_PREBUILT !== '1') await buildStaleApps();

  const emulator = await startAuthEmulator({
    port: config.AUTH_EMULATOR_PORT,
    projectId: config.PORTAL_PROJECT_ID,
    dataDir: path.join(dataDir, 'auth'),
    persist: true,
    log: (line) => console.log(line),
  });
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;

  let firestore: Awaited<ReturnType<typeof startLocalFirestoreEmulator>> | null = null;
  let runtime: Awaited<ReturnType<typeof startLocalRuntime>>;
  try {
    if (config.PORTAL_STORE === 'firestore-emulator') {
      firestore = await startLocalFirestoreEmulator({
        port: config.FIRESTORE_EMULATOR_PORT,
        projectId: config.PORTAL_PROJECT_ID,
        dataDir: path.join(dataDir, 'firestore'),
        jvm: config.FIRESTORE_EMULATOR_JVM,
      });
      pointAtFirestoreEmulator(firestore.host);
    }
    runtime = await startLocalRuntime(
      config,
      { shell: outputDir('shell'), applicant: outputDir('applicant'), admin: outputDir('admin') },
      version,
      { saveAccounts: emulator.saveAccounts, remoteOrigins: shellRemoteOrigins() },
    );
  } catch (error) {
    await firestore?.stop();
    await emulator.stop();
    throw error;
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal} received: stopping the portal...`);
    await runtime.close();
    await firestore?.stop({ exportData: true });
    await emulator.stop();
    console.log('Stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  const accounts = DEMO_USERS.map((user) => `  ${USER_ROLE_LABELS[user.role].padEnd(15)} ${user.email}`).join('\n');
  console.log(
    [
      '',
      `The Application Portal is running at ${runtime.url}`,
      `  data: ${dataDir}${runtime.seeded ? ' (demo data seeded)' : ''}`,
      `  store: ${firestore ? `Cloud Firestore emulator at ${firestore.host}` : 'SQLite'}`,
      `  API log: ${runtime.logFile}`,
      '',
      `Demo accounts (password: ${DEMO_PASSWORD}):`,
      accounts,
      '',
      'Press Ctrl-C to stop.',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
