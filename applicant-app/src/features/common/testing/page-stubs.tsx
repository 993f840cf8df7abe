import { useParams } from '@portal/shared/router';

/** Stand-ins for the lead's editor and submit pages, so these tests exercise only the routes around them. */
export function EditorPageStub() {
  const { formId, sectionId } = useParams();
  return (
    <p>
      Editor for {formId} at {sectionId}
    </p>
  );
}

export function SubmitPageStub() {
  const { formId } = useParams();
  return <p>Submit page for {formId}</p>;
}
