import type { AutoAssignJob, AutoAssignOutcome, AutoAssignPreview, FilesExportJob } from '@portal/shared/domain';
import { FORM_ID, type Harness } from '../../functions/src/testing/api-harness';
import { binaryBody } from '../../functions/src/testing/export-fixtures';

/** How often the bench asks for a job's progress: as the admin page does (JOB_POLL_MS). */
const POLL_MS = 1_000;
/** Reviewers per application: the seed gives every row two, so each row gets one more. */
const PER_APPLICATION = 3;

const seconds = (ms: number) => (ms / 1000).toFixed(1);

/**
 * Auto-assign and the ZIP of the uploaded files as the director runs them on the dashboard: the
 * preview, the plan confirmed (a job, 202, once it takes longer than the request's time), its
 * progress asked each second until done; the ZIP started, followed, then downloaded. Each is
 * counted by `measure` (reads and writes) and timed: every request, the longest of them, and the
 * time until the work is done. Answers the reviews made.
 */
export async function measureLongWork(
  harness: Harness,
  measure: <R>(action: 'autoAssign' | 'filesExport', work: () => Promise<R>) => Promise<R>,
  log: (line: string) => void,
): Promise<{ reviews: number }> {
  const dora = harness.as('dora');
  const requests: Record<string, number[]> = {};
  async function timed<T extends { status: number; text: string }>(label: string, call: () => PromiseLike<T>) {
    const began = performance.now();
    const res = await call();
    (requests[label] ??= []).push(performance.now() - began);
    if (res.status >= 400) throw new Error(`${label}: ${res.status} ${res.text}`);
    return res;
  }
  const longest = (labels: string[]) => Math.max(...labels.flatMap((label) => requests[label] ?? [0]));
  async function follow<J extends { state: string }>(label: string, path: string): Promise<J> {
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      const job = (await timed(label, () => dora.get(path))).body as J;
      if (job.state !== 'writing') return job;
    }
  }

  const assignStarted = performance.now();
  const { reviews, rows, applyStatus } = await measure('autoAssign', async () => {
    const preview = await timed('preview', () =>
      dora.post(`/admin/forms/${FORM_ID}/auto-assign/preview`, { reviewersPerApplication: PER_APPLICATION }),
    );
    const plan = preview.body as AutoAssignPreview;
    const applied = await timed('apply', () =>
      dora.post(`/admin/forms/${FORM_ID}/auto-assign`, {
        reviewersPerApplication: PER_APPLICATION,
        planId: plan.planId,
      }),
    );
    const outcome = applied.body as AutoAssignOutcome;
    const job =
      'kind' in outcome
        ? await follow<AutoAssignJob>('auto-assign progress', `/admin/forms/${FORM_ID}/auto-assign/progress`)
        : null;
    if (job && job.state !== 'done') throw new Error(`auto-assign ended ${job.state}: ${job.error}`);
    return {
      reviews: job ? job.created : (outcome as { created: number }).created,
      rows: job?.total ?? new Set(plan.assignments.map((item) => `${item.responseId}/${item.role}`)).size,
      applyStatus: applied.status,
    };
  });
  const assignMs = performance.now() - assignStarted;
  log(
    `auto-assign, ${reviews} reviews on ${rows} rows: longest request ${seconds(
      longest(['preview', 'apply', 'auto-assign progress']),
    )} s (preview ${seconds(longest(['preview']))} s, confirm ${seconds(longest(['apply']))} s answered ${applyStatus}, ` +
      `${requests['auto-assign progress']?.length ?? 0} progress requests up to ${seconds(longest(['auto-assign progress']))} s); ` +
      `every review assigned after ${seconds(assignMs)} s`,
  );

  const zipStarted = performance.now();
  const { job, startStatus, bytes, packedMs } = await measure('filesExport', async () => {
    const started = await timed('export', () => dora.post(`/admin/forms/${FORM_ID}/export/files`));
    let job = started.body as FilesExportJob;
    if (job.state === 'writing')
      job = await follow<FilesExportJob>('export progress', `/admin/forms/${FORM_ID}/export/files`);
    if (job.state !== 'done') throw new Error(`the files export ended ${job.state}: ${job.error}`);
    const packedMs = performance.now() - zipStarted;
    const zip = await timed('download', () =>
      dora.get(`/admin/forms/${FORM_ID}/export/files.zip`).buffer(true).parse(binaryBody),
    );
    return { job, startStatus: started.status, bytes: (zip.body as Buffer).length, packedMs };
  });
  if (bytes !== job.size) throw new Error(`the ZIP downloaded ${bytes} bytes of ${job.size}`);
  log(
    `files ZIP, ${(bytes / 1024 / 1024).toFixed(1)} MB of ${job.total} rows: longest request ${seconds(
      longest(['export', 'export progress']),
    )} s (start ${seconds(longest(['export']))} s answered ${startStatus}, ` +
      `${requests['export progress']?.length ?? 0} progress requests up to ${seconds(longest(['export progress']))} s); ` +
      `packed after ${seconds(packedMs)} s, downloaded in ${seconds(longest(['download']))} s`,
  );
  return { reviews };
}
