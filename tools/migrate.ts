/**
 * Applies the data migrations a real Firebase project has not recorded yet (the local runtime
 * applies them at every start). Run it after deploying a version that adds one:
 *
 *   tsx tools/migrate.ts --project <project-id>
 *
 * Uses application default credentials (`gcloud auth application-default login`).
 */
import { parseArgs } from 'node:util';
import { runMigrations } from '../functions/src/migrations/run-migrations';

async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({ args: argv, options: { project: { type: 'string' } } });
  if (!values.project) throw new Error('Usage: tsx tools/migrate.ts --project <project-id>');
  const { initializeApp } = await import('firebase-admin/app');
  const { getFirestore } = await import('firebase-admin/firestore');
  const { createFirestoreStore } = await import('../functions/src/store/firestore-store');
  const { withFormCounters } = await import('../functions/src/store/form-counters');

  const store = createFirestoreStore(getFirestore(initializeApp({ projectId: values.project })));
  try {
    // Rows a migration changes keep their forms' counters (store/form-counters.ts).
    const applied = await runMigrations(withFormCounters(store));
    if (applied.length === 0) console.log(`${values.project}: every migration was already applied.`);
    for (const { id, changed } of applied)
      console.log(`${values.project}: ${id} applied (${changed} documents changed).`);
  } finally {
    await store.close();
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
