import { countOf } from '../ids/text';
const TYPE_LABELS: Record<string, string> = {
  'application/pdf': 'PDF',
  'application/msword': 'Word',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word',
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/gif': 'GIF',
  'image/webp': 'WebP',
};

/** "10 MB", "512 KB", "800 bytes": binary units, at most one decimal. */
export function formatFileSize(bytes: number): string {
  const units = ['KB', 'MB', 'GB'];
  if (bytes < 1024) return countOf(bytes, 'byte');
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number(value.toFixed(1))} ${units[unit]}`;
}

/** The media type without parameters, lower-cased: "Application/PDF; x=y" → "application/pdf". */
export function mediaTypeEssence(contentType: string): string {
  return contentType.split(';')[0]!.trim().toLowerCase();
}

export function fileTypeLabel(mediaType: string): string {
  return TYPE_LABELS[mediaTypeEssence(mediaType)] ?? mediaType;
}

/** The accepted types as one list, each kind named once: "PDF", "PDF or Word", "PDF, Word or PNG". */
export function fileTypeList(acceptedTypes: readonly string[]): string {
  const labels = [...new Set(acceptedTypes.map(fileTypeLabel))];
  return labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}`;
}

export const FILE_MESSAGES = {
  empty: 'The file is empty',
  tooLarge: (maxBytes: number) => `The file is larger than ${formatFileSize(maxBytes)}`,
  wrongType: (acceptedTypes: readonly string[]) => `Upload a ${fileTypeList(acceptedTypes)} file`,
  contentMismatch: (mediaType: string) => `The file is not a valid ${fileTypeLabel(mediaType)} file`,
} as const;
