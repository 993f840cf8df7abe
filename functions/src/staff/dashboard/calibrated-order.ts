import { randomUUID } from 'node:crypto';
import { calibratedKeys, fairReviewFields, type ApplicationForm } from '@portal/shared/domain';
import { DocumentNotFoundError } from '../../store/document-store';
import type { CurrentCalibration } from '../calibration-cache';
import type {
  CalibratedOrderMark,
  ReviewsRepository,
  ReviewsTransaction,
  ScoredRowKeys,
  TransactionsOf,
} from '../reviews.repository';

/**
 * The stored order of the sort by calibrated score and the stored disagreement flags
 * (docs/performance.md#the-sort-by-calibrated-score). Every review submitted or reopened changes the
 * form's calibration, so the calibrated score and the calibrated spread of every row: the rows keep
 * their score as stored keys (`calibratedKeys`) and whether their calibrated spread is beyond the
 * threshold (`disagreementFlag`), and a mark per form says which calibration (its `version`) they
 * were all computed with. While it is the form's calibration, a sort by calibrated score or the
 * disagreement filter is a page of an indexed query; the first of either after a change computes
 * every row's keys and flag again and writes those that changed, then pages the same way.
 */

/** How long a computation holds its claim on a form's keys before another may take it over (one that crashed). */
export const CALIBRATED_CLAIM_MS = 60_000;

/** Rows' keys written per transaction (with the mark's read; Firestore takes 500 writes per commit). */
const KEYS_PER_COMMIT = 400;

export type CalibratedOrderRepository = Pick<ReviewsRepository, 'getCalibratedOrderMark' | 'rowsToScore'> &
  TransactionsOf<Pick<ReviewsTransaction, 'getCalibratedOrderMark' | 'setCalibratedOrderMark' | 'setCalibratedKeys'>>;

/** A computation whose claim another took over: it writes nothing more. */
class Superseded extends Error {}

const sameKeys = (a: Partial<ScoredRowKeys>, b: ScoredRowKeys) =>
  a.calibratedOrder === b.calibratedOrder &&
  a.calibratedOrderDesc === b.calibratedOrderDesc &&
  (a.disagreementFlag ?? false) === b.disagreementFlag;

export function createCalibratedOrder(deps: { reviews: CalibratedOrderRepository; now: () => Date }) {
  const { reviews, now } = deps;

  /** Claims the form's keys for a computation: its claim, or whether they are current (another computing: not). */
  const claimKeys = (formId: string, version: string) =>
    reviews.transaction(async (tx): Promise<string | boolean> => {
      const mark = await tx.getCalibratedOrderMark(formId);
      if (mark?.version === version) return true;
      const at = now();
      if (mark?.claim && mark.claimedAt && at.getTime() - Date.parse(mark.claimedAt) < CALIBRATED_CLAIM_MS) {
        return false;
      }
      const claim = randomUUID();
      // No version while the keys are rewritten: a sort meanwhile sorts in memory.
      tx.setCalibratedOrderMark({ formId, version: null, claim, claimedAt: at.toISOString() });
      return claim;
    });

  /** Ends the claim: the keys are of `version` (none: the computation stopped short). False if the claim was taken over. */
  const settle = (formId: string, claim: string, version: string | null) =>
    reviews.transaction(async (tx) => {
      if ((await tx.getCalibratedOrderMark(formId))?.claim !== claim) return false;
      tx.setCalibratedOrderMark({ formId, version, claim: null, claimedAt: null });
      return version !== null;
    });

  return {
    /**
     * Whether the form's rows' calibrated keys and disagreement flags are of `calibration`: when they
     * are not, computes every row's keys and flag and writes those that changed, in parallel
     * transactions that each check the claim first (a computation taken over writes nothing more).
     * False when they could not be made so (another computation under way, a row deleted
     * meanwhile): the caller sorts, or checks the flags, in memory.
     */
    async ready(
      form: ApplicationForm,
      calibration: CurrentCalibration,
      /** The form's mark, when the caller read it already (beside the form and the calibration). */
      mark?: Promise<CalibratedOrderMark | null>,
    ): Promise<boolean> {
      if ((await (mark ?? reviews.getCalibratedOrderMark(form.id)))?.version === calibration.version) return true;
      const claim = await claimKeys(form.id, calibration.version);
      if (typeof claim === 'boolean') return claim;
      let settled = false;
      try {
        const changed = (await reviews.rowsToScore(form.id)).flatMap((row) => {
          const fields = fairReviewFields(form, calibration.model, row);
          const keys = { ...calibratedKeys(fields.calibratedReviewScore), disagreementFlag: fields.disagreement };
          return sameKeys(row, keys) ? [] : [{ id: row.id, keys }];
        });
        const commits = [];
        for (let start = 0; start < changed.length; start += KEYS_PER_COMMIT) {
          const chunk = changed.slice(start, start + KEYS_PER_COMMIT);
          commits.push(
            reviews.transaction(async (tx) => {
              if ((await tx.getCalibratedOrderMark(form.id))?.claim !== claim) throw new Superseded();
              for (const { id, keys } of chunk) tx.setCalibratedKeys(id, keys);
            }),
          );
        }
        await Promise.all(commits);
        settled = true;
        return await settle(form.id, claim, calibration.version);
      } catch (error) {
        if (error instanceof Superseded || error instanceof DocumentNotFoundError) return false;
        throw error;
      } finally {
        if (!settled) await settle(form.id, claim, null);
      }
    },
  };
}

export type CalibratedOrder = ReturnType<typeof createCalibratedOrder>;
