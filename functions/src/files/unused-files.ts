import type { ApplicationResponse, UploadedFile } from '@portal/shared/domain';
import { COLLECTIONS } from '../store/collections';
import type { DocumentStore } from '../store/document-store';
import { queryAll } from '../store/query-pages';
import type { FileStore } from './file-store';
import { storagePath } from './files.service';

/**
 * The files of a submitted response that no answer names (the answers of a role the applicant
 * unticked, dropped at save; an answer cleared), deleted with their bytes once it is submitted: a
 * submitted application keeps only the files it submitted, and nothing stays in the file store
 * that no page, export or reviewer can reach. Before the submit they stay, so an answer cleared
 * by mistake can be given back. Runs after the submit's transaction; a failure leaves them to the
 * next submit's retry (idempotent).
 */
export async function deleteUnusedFiles(
  deps: { store: DocumentStore; files: FileStore },
  response: ApplicationResponse,
): Promise<number> {
  if (response.status === 'in-progress') return 0;
  const named = new Set(
    response.sectionResponses.flatMap((section) => section.questions.map((answer) => answer.response)),
  );
  // By owner: the index user erasure uses; an applicant has few files.
  const theirs = await queryAll<UploadedFile>(deps.store, COLLECTIONS.files, [
    { field: 'ownerId', value: response.userId },
  ]);
  const unused = theirs.filter((file) => file.responseId === response.id && !named.has(file.id));
  for (const file of unused) {
    await deps.store.delete(COLLECTIONS.files, file.id);
    await deps.files.delete(storagePath(file));
  }
  return unused.length;
}
