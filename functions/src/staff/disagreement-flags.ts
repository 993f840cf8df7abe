import { disagreementFlag, type ApplicationForm, type ApplicationRow } from '@portal/shared/domain';
import { patchEachDocument } from '../migrations/patch-each-document';
import { COLLECTIONS } from '../store/collections';
import type { DocumentStore } from '../store/document-store';

/**
 * Each row of the form gets the `disagreementFlag` its reviews give under the form's rubrics and
 * threshold as they are now: after a change of either (a row written since already has it, and a
 * review submitted meanwhile read the changed form in its transaction). Returns the rows changed.
 */
export const reflagDisagreement = (
  store: DocumentStore,
  form: Pick<ApplicationForm, 'id' | 'reviewRubrics' | 'interviewRubrics' | 'disagreementThreshold'>,
): Promise<number> =>
  patchEachDocument<ApplicationRow>(
    store,
    COLLECTIONS.reviewStatuses,
    [{ field: 'applicationFormId', value: form.id }],
    (row) => {
      const flag = disagreementFlag(form, row);
      return (row.disagreementFlag ?? false) === flag ? null : { disagreementFlag: flag };
    },
  );
