import type { ProductionAdapters } from './production';

export const ADAPTERS_MISSING_MESSAGE =
  'Production storage adapters are not configured yet: the Firestore and Cloud Storage adapters arrive with the production issue';

/** The one place that will build the Firestore store and the Cloud Storage file store. */
export function createProductionAdapters(): ProductionAdapters {
  throw new Error(ADAPTERS_MISSING_MESSAGE);
}
