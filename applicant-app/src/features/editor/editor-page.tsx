import { Alert, Flex, Spin } from 'antd';
import { useQuery } from '@portal/shared/query';
import { formQueryOptions, startApplication, usePortal } from '@portal/shared/client';
import { Navigate, useParams } from '@portal/shared/router';
import { PageTitle } from '@portal/shared/ui';
import { ResponseEditor } from './response-editor';

export const FORM_ID_REQUIRED = 'formId is required';

/**
 * `/apply/f/{formId}/{sectionId}`: loads the form and the applicant's response for it (creating
 * it on first visit), then edits it; a response that is no longer in progress goes to the status page.
 */
export default function EditorPage() {
  const { formId = '', sectionId } = useParams();
  const { api } = usePortal();
  const form = useQuery({ ...formQueryOptions(api, formId), enabled: formId.length > 0 });
  const response = useQuery({
    // Loaded fresh on each visit and never refreshed while open: from here on the editor owns the
    // draft, and server data never replaces what is being typed.
    queryKey: ['editor-snapshot', formId],
    queryFn: () => startApplication(api, formId),
    enabled: formId.length > 0,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

  if (!formId) return <EditorFailed title={FORM_ID_REQUIRED} />;
  const failure = form.error ?? response.error;
  if (failure) return <EditorFailed title={`Something went wrong: ${failure.message}`} />;
  if (!form.data || !response.data) return <Spin size="large" style={{ display: 'block', margin: '64px auto' }} />;
  if (response.data.status !== 'in-progress') return <Navigate to="/apply/status" replace />;
  return <ResponseEditor key={response.data.id} form={form.data} initial={response.data} sectionId={sectionId} />;
}

/** The editor that could not open: the page's heading, and why. */
function EditorFailed({ title }: { title: string }) {
  return (
    <Flex vertical gap={16}>
      <PageTitle>Your application</PageTitle>
      <Alert type="error" showIcon title={title} />
    </Flex>
  );
}
