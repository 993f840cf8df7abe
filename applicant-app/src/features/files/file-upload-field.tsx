import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@portal/shared/query';
import { Button, Flex, Typography } from 'antd';
import { ApiRequestError, downloadFile, fileKeys, fileQueryOptions, usePortal } from '@portal/shared/client';
import { formatFileSize } from '@portal/shared/domain/rules/files';
import type { UploadedFile } from '@portal/shared/domain/schemas/responses';
import { lazyDialog } from '@portal/shared/ui';
import { checkFile, type FileQuestion } from './check-file';
import { uploadFile } from './upload-file';

const loadUploadProgress = () => import('./upload-progress');

/**
 * antd's progress bar comes with the first upload (the button's click fetches it while the
 * applicant picks a file); until it is there, the same progress as text.
 */
const UploadProgress = lazyDialog(loadUploadProgress, 'UploadProgress', ({ percent }) => (
  <span
    role="progressbar"
    aria-label="Upload progress"
    aria-valuenow={percent}
    aria-valuemin={0}
    aria-valuemax={100}
    style={{ flex: 1 }}
  >
    Uploading… {percent}%
  </span>
));

export interface FileUploadFieldProps {
  responseId: string;
  question: FileQuestion;
  /** The uploaded file's id, or '' before the first upload. */
  value: string;
  onChange: (fileId: string) => void;
  disabled?: boolean;
  /** The file input's id (the question's label points at it) and what describes it. */
  inputId?: string;
  describedBy?: string;
}

function messageOf(error: unknown): string {
  return error instanceof ApiRequestError ? error.message : 'Something went wrong; try again';
}

function UploadedFileSummary({
  file,
  onDownload,
  downloading,
}: {
  file: UploadedFile;
  onDownload: () => void;
  downloading: boolean;
}) {
  return (
    <Flex align="center" gap="small" wrap>
      <Typography.Text>
        {file.name} ({formatFileSize(file.size)})
      </Typography.Text>
      <Button type="link" size="small" onClick={onDownload} loading={downloading}>
        Download
      </Button>
    </Flex>
  );
}

/**
 * A file-upload question: checks the file in the browser, uploads it with progress, then offers
 * download, replace and remove (the answer becomes empty again, saved like any other edit).
 */
export function FileUploadField({
  responseId,
  question,
  value,
  onChange,
  disabled = false,
  inputId,
  describedBy,
}: FileUploadFieldProps) {
  const { api } = usePortal();
  const queryClient = useQueryClient();
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const upload = useRef<AbortController | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const control = useRef<HTMLButtonElement>(null);
  const removed = useRef(false);
  const file = useQuery({ ...fileQueryOptions(api, value), enabled: value !== '' });

  useEffect(() => () => upload.current?.abort(), []);

  const start = async (picked: File) => {
    const problem = checkFile(question, picked);
    setError(problem);
    if (problem) return;
    const controller = new AbortController();
    upload.current = controller;
    setPercent(0);
    try {
      const uploaded = await uploadFile(api, {
        responseId,
        questionId: question.questionId,
        file: picked,
        signal: controller.signal,
        onProgress: ({ loaded, total }) =>
          setPercent(total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0),
      });
      queryClient.setQueryData(fileKeys.byId(uploaded.id), uploaded);
      onChange(uploaded.id);
    } catch (caught) {
      // Cancelled by the user or by leaving the page: nothing went wrong.
      if (!controller.signal.aborted) setError(messageOf(caught));
    } finally {
      if (upload.current === controller) {
        upload.current = null;
        setPercent(null);
      }
    }
  };

  const download = async (uploaded: UploadedFile) => {
    setError(null);
    setDownloading(true);
    try {
      await downloadFile(api, uploaded.id, uploaded.name);
    } catch (caught) {
      setError(`The file could not be downloaded: ${messageOf(caught)}`);
    } finally {
      setDownloading(false);
    }
  };

  const remove = () => {
    setError(null);
    onChange('');
    removed.current = true;
  };

  const uploading = percent !== null;
  // The Remove button goes away with the file: the focus moves to the upload button, not to the page.
  useEffect(() => {
    if (value !== '' || !removed.current) return;
    removed.current = false;
    control.current?.focus();
  }, [value]);
  // The button under the keyboard focus is swapped for Cancel (and back): focus follows, not lost to the page.
  const wasUploading = useRef(uploading);
  useEffect(() => {
    if (wasUploading.current !== uploading && document.activeElement === document.body) control.current?.focus();
    wasUploading.current = uploading;
  }, [uploading]);

  return (
    <Flex vertical gap="small" align="start">
      {value !== '' &&
        (file.isPending ? (
          <Typography.Text type="secondary">Loading the uploaded file…</Typography.Text>
        ) : file.isError ? (
          <Typography.Text type="secondary">A file is uploaded, but its details could not be loaded.</Typography.Text>
        ) : (
          <UploadedFileSummary file={file.data} downloading={downloading} onDownload={() => void download(file.data)} />
        ))}
      {uploading ? (
        <Flex align="center" gap="small" style={{ width: '100%', maxWidth: 480 }}>
          <UploadProgress percent={percent} />
          <Button ref={control} size="small" onClick={() => upload.current?.abort()}>
            Cancel
          </Button>
        </Flex>
      ) : (
        !disabled && (
          <>
            {/* A plain file input behind a button: one focusable control, opened by Enter or Space. */}
            <input
              ref={input}
              id={inputId}
              type="file"
              hidden
              accept={question.acceptedTypes.join(',')}
              aria-describedby={describedBy}
              onChange={(event) => {
                const picked = event.target.files?.[0];
                event.target.value = '';
                if (picked) void start(picked);
              }}
            />
            <Flex gap="small" wrap>
              <Button
                ref={control}
                aria-describedby={describedBy}
                onClick={() => {
                  void loadUploadProgress();
                  input.current?.click();
                }}
              >
                {value === '' ? 'Upload your file' : 'Replace'}
              </Button>
              {value !== '' && (
                <Button danger onClick={remove} aria-label={file.data ? `Remove ${file.data.name}` : 'Remove the file'}>
                  Remove
                </Button>
              )}
            </Flex>
          </>
        )
      )}
      {error && (
        <Typography.Text type="danger" role="alert">
          {error}
        </Typography.Text>
      )}
    </Flex>
  );
}
