import { COLLECTIONS } from '../store/collections';
import type { DocumentStore } from '../store/document-store';
import { answerSearchTokensMigration } from './answer-search-tokens';
import { conflictPublicIdsMigration } from './conflict-public-ids';
import { decisionStagesMigration } from './decision-stages';
import { recountFormCountersMigration } from './recount-form-counters';
import { disagreementFlagsMigration } from './disagreement-flags';
import { formStatusMigration } from './form-status';
import { offerPendingMigration } from './offer-pending';
import { schedulerWorkMigration } from './scheduler-work';
import { searchPostingKeysMigration, searchPostingsMigration } from './search-postings';
import { userSearchFieldsMigration } from './user-search-fields';

/**
 * A one-time change to stored data that code written later relies on (a derived key a query
 * filters on, say). Each runs once per database: the `migrations` collection records it when it
 * has finished, so an interrupted run simply runs again (a migration must be safe to repeat).
 */
export interface Migration {
  id: string;
  /** Brings every stored document up to date; returns how many it changed. */
  run(store: DocumentStore): Promise<number>;
}

/** Every migration, oldest first. Append; never reorder or remove one that has shipped. */
export const MIGRATIONS: readonly Migration[] = [
  offerPendingMigration,
  userSearchFieldsMigration,
  conflictPublicIdsMigration,
  formStatusMigration,
  disagreementFlagsMigration,
  decisionStagesMigration,
  schedulerWorkMigration,
  answerSearchTokensMigration,
  searchPostingsMigration,
  recountFormCountersMigration,
  searchPostingKeysMigration,
];

export interface MigrationOutcome {
  id: string;
  changed: number;
}

/** Runs the migrations this database has not recorded yet, in order; returns what each changed. */
export async function runMigrations(
  store: DocumentStore,
  migrations: readonly Migration[] = MIGRATIONS,
  now: () => Date = () => new Date(),
): Promise<MigrationOutcome[]> {
  const outcomes: MigrationOutcome[] = [];
  for (const migration of migrations) {
    if (await store.get(COLLECTIONS.migrations, migration.id)) continue;
    const changed = await migration.run(store);
    await store.set(COLLECTIONS.migrations, migration.id, { appliedAt: now().toISOString(), changed });
    outcomes.push({ id: migration.id, changed });
  }
  return outcomes;
}
