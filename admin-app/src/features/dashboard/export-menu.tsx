import { Button, Dropdown } from 'antd';
import { useMutation } from '@portal/shared/query';
import { failureMessage, notify, usePortal } from '@portal/shared/client';
import type { ExportKind } from '@portal/shared/domain/rules/exports';
import type { ApplicationForm } from '@portal/shared/domain/schemas/forms';
import { downloadExport } from '../../api/exports';

const ITEMS: { key: ExportKind; label: string; noun: string }[] = [
  { key: 'applications', label: 'Applications (CSV)', noun: 'applications' },
  { key: 'files', label: 'Uploaded files (ZIP)', noun: 'uploaded files' },
];

/** The dashboard's Export control: downloads the form's applications (CSV) or uploaded files (ZIP). */
export function ExportMenu({ form }: { form: Pick<ApplicationForm, 'id' | 'semester'> }) {
  const { api } = usePortal();
  const exporting = useMutation({
    mutationFn: (kind: ExportKind) => downloadExport(api, form, kind),
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
