import { MAX_FILE_NAME_LENGTH } from '@portal/shared/domain';

// Control and invisible formatting characters, path separators and what some systems refuse in a name.
const UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}/\\<>:"|?*]/gu;

/**
 * One path segment of a ZIP entry from user-supplied text (an applicant's name, an uploaded file's
 * name): never a separator, never `.` or `..`, no leading dots, at most MAX_FILE_NAME_LENGTH
 * characters; `fallback` when nothing readable is left.
 */
export function safeSegment(text: string, fallback: string): string {
  const cleaned = text
    .normalize('NFC')
    .replace(UNSAFE, '_')
    .replace(/^[\s._]+/, '')
    .replace(/[\s.]+$/, '')
    .replace(/\s+/g, ' ');
  const chars = [...cleaned];
  const name = chars.length > MAX_FILE_NAME_LENGTH ? chars.slice(-MAX_FILE_NAME_LENGTH).join('') : cleaned;
  return name.replace(/^[\s.]+/, '') || fallback;
}

/**
 * Hands out names that differ even where file systems ignore case: the second `cv.pdf` becomes
 * `cv (2).pdf`.
 */
export function uniqueNames() {
  const taken = new Set<string>();
  return (name: string): string => {
    const dot = name.lastIndexOf('.');
    const [base, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n += 1) candidate = `${base} (${n})${extension}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  };
}
