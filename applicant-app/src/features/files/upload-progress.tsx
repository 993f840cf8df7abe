import { Progress } from 'antd';

/**
 * The bar of an upload in progress: antd's Progress, in a chunk of its own that the field fetches
 * when the applicant opens the file picker (`lazyDialog`), so a section with a file question does
 * not download it (6 KB gzip) until they upload.
 */
export function UploadProgress({ percent }: { percent: number }) {
  return <Progress percent={percent} status="active" aria-label="Upload progress" style={{ flex: 1, margin: 0 }} />;
}
