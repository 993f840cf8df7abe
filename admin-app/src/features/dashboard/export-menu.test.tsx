import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiRequestError, notify } from '@portal/shared/client';
import { exportFileName } from '@portal/shared/domain/rules/exports';
import type { FilesExportJob } from '@portal/shared/domain/rules/jobs';
import { answer, jobProgress } from '@portal/jest-support/fake-api';
import { FORM, FORM_ID, STAFF, page, row } from '../../testing/fixtures';
import { renderDor } from '../../testing/render-dor';

jest.setTimeout(30_000);

const ALL = `/admin/dor/dashboard/${FORM_ID}/all`;
const CSV = `GET /admin/forms/${FORM_ID}/export/applications.csv`;
const ZIP = `GET /admin/forms/${FORM_ID}/export/files.zip`;
const PACK = `POST /admin/forms/${FORM_ID}/export/files`;
const PACKING = `GET /admin/forms/${FORM_ID}/export/files`;
const job = (fields: Partial<FilesExportJob>): FilesExportJob => ({
  kind: 'files-export',
  state: 'done',
  processed: 7500,
  total: 7500,
  fileName: exportFileName(FORM.semester, 'files', new Date()),
  size: 104_857_600,
  expiresAt: '2026-03-02T12:00:00.000Z',
  ...fields,
});
/** A small form's ZIP: packed within the request. */
const PACKED = { [PACK]: answer(job({})) };
const base = {
  [`GET /forms/${FORM_ID}`]: answer(FORM),
  [`GET /admin/forms/${FORM_ID}/staff?kind=review`]: answer({ items: STAFF }),
  [`GET /admin/forms/${FORM_ID}/rows?tab=all&sort=submittedAt&dir=desc&limit=25`]: answer(page([row()])),
  [`GET /admin/forms/${FORM_ID}/offers`]: answer({ items: [] }),
};

let clicked: HTMLAnchorElement[];
let click: jest.SpyInstance;
let failure: jest.SpyInstance;

beforeEach(() => {
  clicked = [];
  click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this);
  });
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:export'), revokeObjectURL: jest.fn() });
  failure = jest.spyOn(notify, 'error').mockImplementation(() => 'toast');
});
afterEach(() => {
  click.mockRestore();
  failure.mockRestore();
});

const openExport = async () => {
  await userEvent.click(await screen.findByRole('button', { name: 'Export' }));
  return screen.findByRole('menu');
};

test('downloads the applications as CSV, then the uploaded files as ZIP, named after the form and the day', async () => {
  const csv = new Blob(['Applicant,Email\n'], { type: 'text/csv' });
  const zip = new Blob(['PK'], { type: 'application/zip' });
  const { download } = renderDor(ALL, { ...base, ...PACKED, [CSV]: () => csv, [ZIP]: () => zip });

  await userEvent.click(within(await openExport()).getByRole('menuitem', { name: 'Applications (CSV)' }));

  await waitFor(() => expect(clicked).toHaveLength(1));
  expect(download).toHaveBeenCalledWith(`/admin/forms/${FORM_ID}/export/applications.csv`);
  expect(URL.createObjectURL).toHaveBeenCalledWith(csv);
  expect(clicked[0]).toHaveAttribute('download', exportFileName(FORM.semester, 'applications', new Date()));

  await userEvent.click(within(await openExport()).getByRole('menuitem', { name: 'Uploaded files (ZIP)' }));

  await waitFor(() => expect(clicked).toHaveLength(2));
  expect(download).toHaveBeenLastCalledWith(`/admin/forms/${FORM_ID}/export/files.zip`);
  expect(clicked[1]).toHaveAttribute('download', exportFileName(FORM.semester, 'files', new Date()));
  expect(failure).not.toHaveBeenCalled();
});

test('says what it is exporting while the download runs, and is Export again once it is saved', async () => {
  let finish: (blob: Blob) => void = () => {};
  const pending = new Promise<Blob>((resolve) => (finish = resolve));
  const { download } = renderDor(ALL, { ...base, ...PACKED, [ZIP]: () => pending });

  await userEvent.click(within(await openExport()).getByRole('menuitem', { name: 'Uploaded files (ZIP)' }));

  const busy = await screen.findByRole('button', { name: /Exporting uploaded files…/ });
  expect(busy).toHaveClass('ant-btn-loading');
  await userEvent.click(busy);
  expect(download).toHaveBeenCalledTimes(1);

  finish(new Blob(['PK']));
  expect(await screen.findByRole('button', { name: 'Export' })).toBeEnabled();
  expect(clicked).toHaveLength(1);
});

test('a failed export is toasted with the server’s message, and nothing is saved', async () => {
  renderDor(ALL, {
    ...base,
    [CSV]: () => {
      throw new ApiRequestError(403, 'forbidden', 'Only the super-reviewer can do this', null);
    },
  });

  await userEvent.click(within(await openExport()).getByRole('menuitem', { name: 'Applications (CSV)' }));

  await waitFor(() =>
    expect(failure).toHaveBeenCalledWith('Could not export the applications: Only the super-reviewer can do this'),
  );
  expect(clicked).toHaveLength(0);
  expect(await screen.findByRole('button', { name: 'Export' })).toBeEnabled();
});

test('a large ZIP is packed after the answer (202): its progress shows each second, then its download until it is deleted', async () => {
  const packing = jobProgress(job({ state: 'writing', processed: 1800, total: 7500 }), job({}));
  const zip = new Blob(['PK'], { type: 'application/zip' });
  const { download } = renderDor(ALL, {
    ...base,
    [PACK]: answer(job({ state: 'writing', processed: 0, total: 7500, size: undefined, expiresAt: undefined })),
    [PACKING]: packing.handler,
    [ZIP]: () => zip,
  });

  await userEvent.click(within(await openExport()).getByRole('menuitem', { name: 'Uploaded files (ZIP)' }));

  expect(await screen.findByText(/^1,800 of 7,500 applications packed\. You can leave this page/)).toBeInTheDocument();
  expect(await screen.findByRole('progressbar', { name: 'Applications packed' })).toHaveAttribute(
    'aria-valuenow',
    '24',
  );
  expect(await screen.findByRole('button', { name: 'Export' })).toBeEnabled();
  expect(download).not.toHaveBeenCalled();

  // Packed a second later: it downloads from the notice, until it is deleted.
  packing.finish();
  const ready = await screen.findByRole('button', { name: 'Download the ZIP' }, { timeout: 3000 });
  expect(screen.getByText(/\(100 MB\) can be downloaded until .+; then it is deleted\.$/)).toBeInTheDocument();
  await userEvent.click(ready);
  await waitFor(() => expect(clicked).toHaveLength(1));
  expect(download).toHaveBeenCalledWith(`/admin/forms/${FORM_ID}/export/files.zip`);
  expect(clicked[0]).toHaveAttribute('download', exportFileName(FORM.semester, 'files', new Date()));
  expect(failure).not.toHaveBeenCalled();
});
