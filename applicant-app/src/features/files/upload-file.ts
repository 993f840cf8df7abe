import type { ApiClient, UploadProgress } from '@portal/shared/client';
import type { UploadedFile } from '@portal/shared/domain/schemas/responses';

export interface UploadFileInput {
  responseId: string;
  questionId: string;
  file: File;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** Uploads the answer file of a file-upload question; the caller saves the returned id as the answer. */
export function uploadFile(api: ApiClient, { responseId, questionId, file, onProgress, signal }: UploadFileInput) {
  return api.upload<UploadedFile>(`/files/${encodeURIComponent(responseId)}/${encodeURIComponent(questionId)}`, file, {
    fileName: file.name,
    onProgress,
    signal,
  });
}
