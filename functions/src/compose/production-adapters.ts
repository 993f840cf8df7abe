import type { App } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import { createCloudStorageFileStore } from '../files/cloud-storage-file-store';
import { getFirebaseAdminApp } from '../identity/firebase-identity';
import { createFirestoreStore } from '../store/firestore-store';
import type { ProductionAdapters } from './production';

export interface ProductionAdapterSettings {
  /** The bucket for uploaded files; absent means the project's default bucket. */
  storageBucket?: string;
}

/** The one place that builds the Firestore store and the Cloud Storage file store. */
export function createProductionAdapters(
  settings: ProductionAdapterSettings = {},
  app: App = getFirebaseAdminApp(),
): ProductionAdapters {
  return {
    store: createFirestoreStore(getFirestore(app)),
    files: createCloudStorageFileStore(getStorage(app).bucket(settings.storageBucket)),
  };
}
