import { useState } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiRequestError, type ApiClient, type UploadOptions } from '@portal/shared/client';
import type { UploadedFile } from '@portal/shared/domain/schemas/responses';
import { renderRemote } from '@portal/jest-support/render-remote';
import type { FileQuestion } from './check-file';
import { FileUploadField } from './file-upload-field';

const TEN_MB = 10 * 1024 * 1024;
const RESPONSE_ID = '11111111-1111-4111-8111-111111111111';
const QUESTION: FileQuestion = {
  questionId: 'resume',
  questionType: 'file-upload',
  questionText: 'Upload your resume (PDF, up to 10 MB)',
  acceptedTypes: ['application/pdf'],
  maxSizeBytes: TEN_MB,
};

function uploadedFile(overrides: Partial<UploadedFile> = {}): UploadedFile {
  return {
    id: 'aaaaaaaa-0000-4000-8000-000000000001',
    ownerId: 'ada',
    responseId: RESPONSE_ID,
    questionId: 'resume',
    name: 'resume.pdf',
    size: 250 * 1024,
    contentType: 'application/pdf',
    uploadedAt: '2024-05-01T12:00:00.000Z',
    ...overrides,
  };
}

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A fake API client: file records by id, and uploads the test settles by hand. */
function fakeApi(records: UploadedFile[] = []) {
  const uploads: Array<Deferred<UploadedFile> & { path: string; file: Blob; options: UploadOptions }> = [];
  const api = {
    request: jest.fn(async (method: string, path: string) => {
      const record = records.find((file) => path === `/files/${file.id}/meta`);
      if (method === 'GET' && record) return record;
      throw new ApiRequestError(404, 'not-found', 'No file for this ID', null);
    }),
    upload: jest.fn((path: string, file: Blob, options: UploadOptions) => {
      const upload = { ...deferred<UploadedFile>(), path, file, options };
      options.signal?.addEventListener('abort', () =>
        upload.reject(new DOMException('The operation was aborted.', 'AbortError')),
      );
      uploads.push(upload);
      return upload.promise;
    }),
    download: jest.fn(async (_path: string) => new Blob(['%PDF-1.4'], { type: 'application/pdf' })),
  };
  return { api: api as unknown as ApiClient & typeof api, uploads };
}

function renderField({ api, value = '', disabled }: { api: ApiClient; value?: string; disabled?: boolean }) {
  const onChange = jest.fn();
  function Question() {
    const [fileId, setFileId] = useState(value);
    return (
      <FileUploadField
        responseId={RESPONSE_ID}
        question={QUESTION}
        value={fileId}
        disabled={disabled}
        onChange={(id) => {
          onChange(id);
          setFileId(id);
        }}
      />
    );
  }
  const view = renderRemote(Question, { mountPath: '/apply', path: '/apply/f/form/section', api });
  const fileInput = () => view.container.querySelector<HTMLInputElement>('input[type="file"]')!;
  return { ...view, onChange, fileInput };
}

function pdfFile(name = 'resume.pdf', size?: number): File {
  const file = new File(['%PDF-1.4 my resume'], name, { type: 'application/pdf' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

const user = () => userEvent.setup({ applyAccept: false });

test('offers an upload button that accepts the question types', () => {
  const { fileInput } = renderField(fakeApi());

  expect(screen.getByRole('button', { name: 'Upload your file' })).toBeInTheDocument();
  expect(fileInput()).toHaveAttribute('accept', 'application/pdf');
});

test('uploads a chosen PDF with a progress bar, then shows its name and size and saves its id', async () => {
  const { api, uploads } = fakeApi();
  const { onChange, fileInput } = renderField({ api });
  const chosen = pdfFile('my résumé.pdf');

  await user().upload(fileInput(), chosen);

  expect(api.upload).toHaveBeenCalledWith(
    `/files/${RESPONSE_ID}/resume`,
    chosen,
    expect.objectContaining({ fileName: 'my résumé.pdf' }),
  );
  // The progress shows at once (as text until antd's bar, fetched with the upload, arrives).
  const progress = () => screen.getByRole('progressbar', { name: 'Upload progress' });
  expect(await screen.findByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '0');
  expect(screen.queryByRole('button', { name: 'Upload your file' })).not.toBeInTheDocument();

  act(() => uploads[0]!.options.onProgress!({ loaded: 3, total: 4 }));
  expect(progress()).toHaveAttribute('aria-valuenow', '75');
  expect(progress()).toHaveTextContent('75%');
  await waitFor(() => expect(progress()).toHaveClass('ant-progress'));
  expect(progress()).toHaveAttribute('aria-valuenow', '75');
  expect(progress()).toHaveTextContent('75%');

  const record = uploadedFile({ name: 'my résumé.pdf', size: 250 * 1024 });
  uploads[0]!.resolve(record);

  expect(await screen.findByText('my résumé.pdf (250 KB)')).toBeInTheDocument();
  expect(onChange).toHaveBeenCalledWith(record.id);
  expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Replace' })).toBeInTheDocument();
  // The record came with the upload: no extra request for its details.
  expect(api.request).not.toHaveBeenCalled();
});

test.each([
  ['a file of another type', new File(['PNG'], 'photo.png', { type: 'image/png' }), 'Upload a PDF file'],
  ['a file over the size limit', pdfFile('big.pdf', TEN_MB + 1), 'The file is larger than 10 MB'],
  ['an empty file', new File([], 'empty.pdf', { type: 'application/pdf' }), 'The file is empty'],
])('refuses %s in the browser, without a request', async (_case, chosen, message) => {
  const { api } = fakeApi();
  const { fileInput, onChange } = renderField({ api });

  await user().upload(fileInput(), chosen);

  expect(await screen.findByRole('alert')).toHaveTextContent(message);
  expect(api.upload).not.toHaveBeenCalled();
  expect(onChange).not.toHaveBeenCalled();
  expect(screen.getByRole('button', { name: 'Upload your file' })).toBeInTheDocument();
});

test("shows the server's refusal inline and lets the applicant try again", async () => {
  const { api, uploads } = fakeApi();
  const { fileInput, onChange } = renderField({ api });

  await user().upload(fileInput(), pdfFile('fake.pdf'));
  uploads[0]!.reject(new ApiRequestError(415, 'unsupported-media-type', 'The file is not a valid PDF file', null));

  expect(await screen.findByRole('alert')).toHaveTextContent('The file is not a valid PDF file');
  expect(onChange).not.toHaveBeenCalled();

  await user().upload(fileInput(), pdfFile());
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  uploads[1]!.resolve(uploadedFile());
  expect(await screen.findByText('resume.pdf (250 KB)')).toBeInTheDocument();
});

test('a cancelled upload shows no error and offers the button again', async () => {
  const { api, uploads } = fakeApi();
  const { fileInput, onChange } = renderField({ api });

  await user().upload(fileInput(), pdfFile());
  await user().click(await screen.findByRole('button', { name: 'Cancel' }));

  expect(await screen.findByRole('button', { name: 'Upload your file' })).toBeInTheDocument();
  expect(uploads[0]!.options.signal!.aborted).toBe(true);
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(onChange).not.toHaveBeenCalled();
});

test('leaving the page aborts a running upload', async () => {
  const { api, uploads } = fakeApi();
  const { fileInput, unmount } = renderField({ api });

  await user().upload(fileInput(), pdfFile());
  unmount();

  expect(uploads[0]!.options.signal!.aborted).toBe(true);
});

test('shows an uploaded answer from its record, and replaces it', async () => {
  const earlier = uploadedFile({ name: 'old.pdf', size: 2 * 1024 * 1024 });
  const { api, uploads } = fakeApi([earlier]);
  const { fileInput, onChange } = renderField({ api, value: earlier.id });

  expect(await screen.findByText('old.pdf (2 MB)')).toBeInTheDocument();
  expect(api.request).toHaveBeenCalledWith('GET', `/files/${earlier.id}/meta`);

  await user().upload(fileInput(), pdfFile('new.pdf'));
  expect(await screen.findByRole('progressbar')).toBeInTheDocument();
  const replacement = uploadedFile({ id: 'bbbbbbbb-0000-4000-8000-000000000002', name: 'new.pdf', size: 900 });
  uploads[0]!.resolve(replacement);

  expect(await screen.findByText('new.pdf (900 bytes)')).toBeInTheDocument();
  expect(screen.queryByText(/old\.pdf/)).not.toBeInTheDocument();
  expect(onChange).toHaveBeenCalledWith(replacement.id);
});

test('an uploaded file can be removed: the answer becomes empty and the upload button comes back with the focus', async () => {
  const record = uploadedFile();
  const { onChange } = renderField({ ...fakeApi([record]), value: record.id });

  await user().click(await screen.findByRole('button', { name: 'Remove resume.pdf' }));

  expect(onChange).toHaveBeenCalledWith('');
  expect(screen.queryByText('resume.pdf (250 KB)')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Upload your file' })).toHaveFocus();
});

test('a file whose details could not be loaded can still be removed', async () => {
  const { onChange } = renderField({ ...fakeApi([]), value: 'cccccccc-0000-4000-8000-000000000003' });

  await user().click(await screen.findByRole('button', { name: 'Remove the file' }));

  expect(onChange).toHaveBeenCalledWith('');
  expect(screen.getByRole('button', { name: 'Upload your file' })).toBeInTheDocument();
});

describe('download', () => {
  let click: jest.SpyInstance;
  let clicked: HTMLAnchorElement[];

  beforeEach(() => {
    clicked = [];
    click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:file-1'), revokeObjectURL: jest.fn() });
  });
  afterEach(() => click.mockRestore());

  test('fetches the file with the api client and saves it under its name', async () => {
    const record = uploadedFile();
    const { api } = fakeApi([record]);
    renderField({ api, value: record.id });

    await user().click(await screen.findByRole('button', { name: 'Download' }));

    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(api.download).toHaveBeenCalledWith(`/files/${record.id}`);
    expect(URL.createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
    expect(clicked[0]).toHaveAttribute('href', 'blob:file-1');
    expect(clicked[0]).toHaveAttribute('download', 'resume.pdf');
  });

  test('shows a failed download inline', async () => {
    const record = uploadedFile();
    const { api } = fakeApi([record]);
    api.download.mockRejectedValueOnce(new ApiRequestError(404, 'not-found', 'No file for this ID', null));
    renderField({ api, value: record.id });

    await user().click(await screen.findByRole('button', { name: 'Download' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The file could not be downloaded: No file for this ID');
    expect(clicked).toEqual([]);
  });
});

test('when disabled it offers the download but no upload or replace', async () => {
  const record = uploadedFile();
  const { fileInput } = renderField({ ...fakeApi([record]), value: record.id, disabled: true });

  const summary = (await screen.findByText('resume.pdf (250 KB)')).parentElement!;
  expect(within(summary).getByRole('button', { name: 'Download' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Replace' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
  expect(fileInput()).toBeNull();
});

test('says so when the details of an uploaded file cannot be loaded', async () => {
  renderField({ ...fakeApi([]), value: 'cccccccc-0000-4000-8000-000000000003' });

  expect(await screen.findByText('A file is uploaded, but its details could not be loaded.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Replace' })).toBeInTheDocument();
});

test('by keyboard: the button opens the file chooser, and the focus stays on the field through the upload', async () => {
  const { api, uploads } = fakeApi();
  const { fileInput } = renderField({ api });
  const chooser = jest.spyOn(fileInput(), 'click').mockImplementation(() => undefined);

  act(() => screen.getByRole('button', { name: 'Upload your file' }).focus());
  await user().keyboard('{Enter}');
  expect(chooser).toHaveBeenCalledTimes(1);

  await user().upload(fileInput(), pdfFile());
  expect(await screen.findByRole('button', { name: 'Cancel' })).toHaveFocus();
  uploads[0]!.resolve(uploadedFile());
  expect(await screen.findByRole('button', { name: 'Replace' })).toHaveFocus();
});

test('showing the field takes no focus', () => {
  renderField(fakeApi());

  expect(document.body).toHaveFocus();
});
