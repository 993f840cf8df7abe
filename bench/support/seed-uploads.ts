import { randomUUID } from 'node:crypto';
import { withAnswer, type ApplicationResponse, type UploadedFile } from '@portal/shared/domain';
import type { FileStore } from '../../functions/src/files/file-store';
import { storagePath } from '../../functions/src/files/files.service';
import { COLLECTIONS } from '../../functions/src/store/collections';
import type { DocumentStore, WriteOperation } from '../../functions/src/store/document-store';
import { queryAll } from '../../functions/src/store/query-pages';
import { STORE_LIMITS } from '../../functions/src/store/store-limits';

/** How many uploads are stored at once while seeding. */
const IN_FLIGHT = 32;

/**
 * Gives every submitted response of the form a resume: the file's record, its bytes (`bytes` of a
 * PDF-looking text) in `files`, and the answer naming it, as an upload through the API leaves them.
 * Answers the number of files.
 */
export async function seedResumes(
  store: DocumentStore,
  files: FileStore,
  options: { formId: string; bytes: number; at: Date },
): Promise<number> {
  const responses = (
    await queryAll<ApplicationResponse>(store, COLLECTIONS.responses, [
      { field: 'applicationFormId', value: options.formId },
    ])
  ).filter((response) => response.rolesApplied.length > 0);
  const writes: WriteOperation[] = [];
  for (let start = 0; start < responses.length; start += IN_FLIGHT) {
    await Promise.all(
      responses.slice(start, start + IN_FLIGHT).map(async (response) => {
        const record: UploadedFile = {
          id: randomUUID(),
          ownerId: response.userId,
          responseId: response.id,
          questionId: 'resume',
          name: 'resume.pdf',
          size: options.bytes,
          contentType: 'application/pdf',
          uploadedAt: options.at.toISOString(),
        };
        const content = Buffer.alloc(options.bytes, ` resume of ${response.userId}`);
        content.write('%PDF-1.4\n');
        await files.put(storagePath(record), content, record.contentType);
        writes.push(
          { kind: 'set', collection: COLLECTIONS.files, id: record.id, data: record },
          {
            kind: 'set',
            collection: COLLECTIONS.responses,
            id: response.id,
            data: withAnswer(response, 'about-you', 'resume', record.id),
          },
        );
      }),
    );
  }
  for (let start = 0; start < writes.length; start += STORE_LIMITS.writesPerCommit) {
    await store.batch(writes.slice(start, start + STORE_LIMITS.writesPerCommit));
  }
  return responses.length;
}
