import { Alert, Button, Dropdown, Flex, Typography } from 'antd';
import { useMutation, useQueryClient } from '@portal/shared/query';
import { failureMessage, notify, useDateFormat, usePortal } from '@portal/shared/client';
import type { ExportKind } from '@portal/shared/domain/rules/exports';
import { formatFileSize } from '@portal/shared/domain/rules/files';
import { plural } from '@portal/shared/domain/ids/text';
import type { ApplicationForm } from '@portal/shared/domain/schemas/forms';
import { downloadExport, startFilesExport, useFilesExport } from '../../api/exports';
import { staffKeys } from '../../api/keys';
import { countOfJob, JobProgressBar } from '../../lib/job-progress';

const ITEMS: { key: ExportKind; label: string; noun: string }[] = [
  { key: 'applications', label: 'Applications (CSV)', noun: 'applications' },
  { key: 'files', label: 'Uploaded files (ZIP)', noun: 'uploaded files' },
];

/**
 * The dashboard's Export control: downloads the form's applications (CSV) or uploaded files (ZIP).
 * The ZIP is packed by a job first: packed within the request, it downloads at once; else
 * `FilesExportNotice` follows it and offers it once packed.
 */
export function ExportMenu({ form }: { form: Pick<ApplicationForm, 'id' | 'semester'> }) {
  const { api } = usePortal();
  const queryClient = useQueryClient();
  const exporting = useMutation({
    mutationFn: async (kind: ExportKind) => {
      if (kind === 'files') {
        const job = await startFilesExport(api, form.id);
        if (job.state !== 'done') {
          queryClient.setQueryData(staffKeys.filesExport(form.id), job);
          return;
        }
      }
      await downloadExport(api, form, kind);
    },
    onError: (error, kind) => {
      const noun = ITEMS.find((item) => item.key === kind)!.noun;
      notify.error(failureMessage(`Could not export the ${noun}`, error));
    },
  });
  const running = exporting.isPending ? ITEMS.find((item) => item.key === exporting.variables) : undefined;
  return (
    <Dropdown
      trigger={['click']}
      disabled={exporting.isPending}
      menu={{
        items: ITEMS.map(({ key, label }) => ({ key, label })),
        onClick: ({ key }) => exporting.mutate(key as ExportKind),
      }}
    >
      <Button loading={exporting.isPending} aria-haspopup="menu">
        {running ? `Exporting ${running.noun}…` : 'Export'}
      </Button>
    </Dropdown>
  );
}

/**
 * The ZIP of the uploaded files a large export packs after its request answered: how many
 * applications are packed (each second), then its download until it is deleted.
 */
export function FilesExportNotice({ form }: { form: Pick<ApplicationForm, 'id' | 'semester'> }) {
  const { api } = usePortal();
  const format = useDateFormat();
  const job = useFilesExport(form.id).data;
  const download = useMutation({
    mutationFn: () => downloadExport(api, form, 'files'),
    onError: (error) => notify.error(failureMessage('Could not download the uploaded files', error)),
  });
  if (job?.state === 'writing') {
    const said = `${countOfJob(job.processed)} of ${countOfJob(job.total)} ${plural(job.total, 'application', 'applications')} packed`;
    return (
      <Alert
        type="info"
        showIcon
        title="The uploaded files are being packed into a ZIP"
        description={
          <JobProgressBar
            job={job}
            label="Applications packed"
            said={`${said}. You can leave this page: the packing goes on.`}
          />
        }
      />
    );
  }
  if (job?.state === 'done' && job.expiresAt) {
    return (
      <Alert
        type="success"
        showIcon
        title="The ZIP of the uploaded files is ready"
        description={
          <Flex vertical gap={8} align="start">
            <Typography.Text>
              {`${job.fileName} (${formatFileSize(job.size ?? 0)}) can be downloaded until ${format.dateTime(job.expiresAt)}; then it is deleted.`}
            </Typography.Text>
            <Button type="primary" loading={download.isPending} onClick={() => download.mutate()}>
              Download the ZIP
            </Button>
          </Flex>
        }
      />
    );
  }
  if (job?.state === 'failed') {
    return <Alert type="error" showIcon title="The uploaded files could not be packed" description={job.error} />;
  }
  return null;
}
