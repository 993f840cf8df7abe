import { fairReviewFields, type ApplicationForm, type ApplicationRow } from '@portal/shared/domain';
import { patchEachDocument } from '../migrations/patch-each-document';
import { COLLECTIONS } from '../store/collections';
import type { DocumentStore } from '../store/document-store';
import { createCalibrationCache } from './calibration-cache';
import { createReviewsRepository } from './reviews.repository';

/**
 * Each row of the form gets the `disagreementFlag` its reviews give under the form's calibration,
 * rubrics and threshold as they are now (docs/product.md#calibrated-scores-and-disagreement). The
 * dashboard stores the flags again itself whenever the calibration changes
 * (dashboard/calibrated-order.ts); this is for rows stored before they had one. Returns the rows
 * changed.
 */
export async function reflagDisagreement(store: DocumentStore, form: ApplicationForm): Promise<number> {
  const calibration = await createCalibrationCache(createReviewsRepository(store)).of(form);
  return patchEachDocument<ApplicationRow>(
    store,
    COLLECTIONS.reviewStatuses,
    [{ field: 'applicationFormId', value: form.id }],
    (row) => {
      const flag = fairReviewFields(form, calibration, row).disagreement;
      return (row.disagreementFlag ?? false) === flag ? null : { disagreementFlag: flag };
    },
  );
}
