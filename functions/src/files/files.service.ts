import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  blindFile,
  FILE_MESSAGES,
  idSchema,
  isBlind,
  isPastDue,
  mediaTypeEssence,
  RESPONSE_MESSAGES,
  sectionsForReviewers,
  type ApplicationResponse,
  type Question,
  type UploadedFile,
} from '@portal/shared/domain';
import { ApiError } from '../http/api-error';
import { TransactionContentionError } from '../store/document-store';
import type { FileStore } from './file-store';
import { sanitizeFileName } from './file-name';
import { matchesSignature } from './file-signatures';
import type { FilesRepository } from './files.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NO_FILE = 'No file for this ID';

type FileQuestion = Extract<Question, { questionType: 'file-upload' }>;

export interface UploadInput {
  uid: string;
  responseId: string;
  questionId: string;
  /** The declared Content-Type header. */
  contentType: string | undefined;
  /** The URI-encoded X-File-Name header. */
  fileName: string | undefined;
  content: Buffer;
}

export interface FilesServiceDeps {
  files: FilesRepository;
  storage: FileStore;
  now?: () => Date;
  newId?: () => string;
}

/** Bytes live in the file store under the response and question; the name is never part of the path. */
export function storagePath(file: Pick<UploadedFile, 'id' | 'responseId' | 'questionId'>): string {
  return `responses/${file.responseId}/${file.questionId}/${file.id}`;
}

/** Another upload to the same question is running (upload-lease.ts), or won every retry against this one. */
const UPLOAD_BUSY = 'Another upload to this question is in progress; try again in a moment';

export function createFilesService({ files, storage, now = () => new Date(), newId = randomUUID }: FilesServiceDeps) {
  /** The response takes uploads from `uid`: checked first, and again in the transaction that records one. */
  function assertOpenTo(uid: string, response: ApplicationResponse | null): asserts response is ApplicationResponse {
    if (!response || response.userId !== uid) throw new ApiError('not-found', RESPONSE_MESSAGES.noResponse);
    if (response.status !== 'in-progress') throw ApiError.because('submitted', RESPONSE_MESSAGES.notEditable);
  }

  async function fileQuestion(uid: string, responseId: string, questionId: string, at: Date): Promise<FileQuestion> {
    const response = UUID.test(responseId) ? await files.getResponse(responseId) : null;
    assertOpenTo(uid, response);

    const form = await files.getForm(response.applicationFormId);
    // An upload replaces (deletes) the earlier file: refused exactly when a save would be.
    if (form?.decisionsReleased) throw ApiError.because('released', RESPONSE_MESSAGES.decisionsReleased);
    if (form && isPastDue(form, at)) throw ApiError.because('past-due', RESPONSE_MESSAGES.pastDue);
    const question = idSchema.safeParse(questionId).success
      ? form?.sections.flatMap((section) => section.questions).find((q) => q.questionId === questionId)
      : undefined;
    if (!question) throw new ApiError('invalid-request', 'This form has no such question');
    if (question.questionType !== 'file-upload') {
      throw new ApiError('invalid-request', 'This question does not take a file');
    }
    return question;
  }

  function checkContent(question: FileQuestion, declaredType: string | undefined, content: Buffer): string {
    if (content.length === 0) throw new ApiError('invalid-request', FILE_MESSAGES.empty);
    const mediaType = mediaTypeEssence(declaredType ?? '');
    const accepted = question.acceptedTypes.map(mediaTypeEssence);
    if (!accepted.includes(mediaType)) {
      throw ApiError.because('file-type', FILE_MESSAGES.wrongType(question.acceptedTypes));
    }
    if (content.length > question.maxSizeBytes) {
      throw ApiError.because('file-too-large', FILE_MESSAGES.tooLarge(question.maxSizeBytes));
    }
    if (!matchesSignature(mediaType, content)) {
      throw ApiError.because('file-content', FILE_MESSAGES.contentMismatch(mediaType));
    }
    return mediaType;
  }

  /**
   * Bytes first, so a record never points at nothing; then the record, which replaces the
   * question's others in one transaction with the response still open to uploads (it guarantees one
   * file per question even if a lease ran out); then the replaced files' bytes. Refused or failed,
   * the new bytes go again.
   */
  async function storeReplacing(file: UploadedFile, content: Buffer): Promise<void> {
    await storage.put(storagePath(file), content, file.contentType);
    let replaced: UploadedFile[];
    try {
      replaced = await files.replaceFiles(file, (response) => assertOpenTo(file.ownerId, response));
    } catch (error) {
      try {
        await storage.delete(storagePath(file));
      } catch (cleanupError) {
        throw new AggregateError(
          [error, cleanupError],
          `Recording upload ${file.id} failed, and its bytes at ${storagePath(file)} could not be deleted`,
          { cause: cleanupError },
        );
      }
      throw error instanceof TransactionContentionError ? new ApiError('conflict', UPLOAD_BUSY) : error;
    }
    for (const old of replaced) await storage.delete(storagePath(old));
  }

  async function readableFile(uid: string, fileId: string): Promise<UploadedFile> {
    const file = UUID.test(fileId) ? await files.getFile(fileId) : null;
    if (!file) throw new ApiError('not-found', NO_FILE);
    if (file.ownerId === uid) return file;
    const role = await files.getUserRole(uid);
    if (role === 'super-reviewer') return file;
    // Others learn nothing, not even that the file exists.
    const readable = role === 'reviewer' ? await asReviewerReadsIt(uid, file) : null;
    if (!readable) throw new ApiError('not-found', NO_FILE);
    return readable;
  }

  /**
   * A reviewer reads the files of responses assigned to them, of the questions the form lets them
   * see (`sectionsForReviewers`); in blind review under a name the applicant did not type, and
   * without its owner.
   */
  async function asReviewerReadsIt(uid: string, file: UploadedFile): Promise<UploadedFile | null> {
    const kinds = await files.assessmentKinds(file.responseId, uid);
    if (kinds.length === 0) return null;
    const response = await files.getResponse(file.responseId);
    const form = response ? await files.getForm(response.applicationFormId) : null;
    if (!form) return null;
    const blind = isBlind(form, kinds);
    const shown = sectionsForReviewers(form, blind).some((section) =>
      section.questions.some((question) => question.questionId === file.questionId),
    );
    if (!shown) return null;
    return blind ? blindFile(file) : file;
  }

  return {
    /**
     * Stores the file and replaces the question's earlier upload; the response itself is not
     * changed. One upload per question runs at a time: the others are refused before they store
     * anything.
     */
    async upload(input: UploadInput): Promise<UploadedFile> {
      const at = now();
      const question = await fileQuestion(input.uid, input.responseId, input.questionId, at);
      const contentType = checkContent(question, input.contentType, input.content);
      const file: UploadedFile = {
        id: newId(),
        ownerId: input.uid,
        responseId: input.responseId,
        questionId: input.questionId,
        name: sanitizeFileName(input.fileName, contentType),
        size: input.content.length,
        contentType,
        uploadedAt: at.toISOString(),
      };

      const lease = await files.claimUpload(file, at);
      if (!lease) throw new ApiError('conflict', UPLOAD_BUSY);
      try {
        await storeReplacing(file, input.content);
      } catch (error) {
        // The upload's own error is the one to report; a lease left behind runs out by itself.
        await files.releaseUpload(lease).catch(() => undefined);
        throw error;
      }
      await files.releaseUpload(lease);
      return file;
    },

    getMeta: (uid: string, fileId: string): Promise<UploadedFile> => readableFile(uid, fileId),

    async open(uid: string, fileId: string): Promise<{ file: UploadedFile; size: number; content: Readable }> {
      const file = await readableFile(uid, fileId);
      const stored = await storage.read(storagePath(file));
      if (!stored) throw new ApiError('not-found', NO_FILE);
      return { file, size: stored.info.size, content: stored.stream };
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
