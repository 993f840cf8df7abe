import { MAX_FILE_NAME_LENGTH } from '@portal/shared/domain';
import { extensionFor, hasExtensionOf } from './file-signatures';

const MAX_EXTENSION_LENGTH = 16;
// Control and invisible formatting characters (including bidi overrides that disguise an extension).
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;
// Characters that some systems refuse in a file name.
const RESERVED = /[<>:"|?*]/g;

function decode(header: string): string {
  try {
    return decodeURIComponent(header);
  } catch {
    return header;
  }
}

function truncate(name: string): string {
  const chars = [...name];
  if (chars.length <= MAX_FILE_NAME_LENGTH) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? [...name.slice(dot)] : [];
  if (extension.length === 0 || extension.length > MAX_EXTENSION_LENGTH) {
    return chars.slice(0, MAX_FILE_NAME_LENGTH).join('').trimEnd();
  }
  const base = [...name.slice(0, dot)]
    .slice(0, MAX_FILE_NAME_LENGTH - extension.length)
    .join('')
    .trimEnd();
  return base + extension.join('');
}

/**
 * The display name of an upload from its URI-encoded X-File-Name header: the last path segment,
 * without invisible characters, leading dots or surrounding spaces, ending in an extension of the
 * verified media type (`page.html` holding a PDF becomes `page.html.pdf`, so a download never
 * opens as anything else), at most MAX_FILE_NAME_LENGTH characters. It is only ever shown and
 * sent back, never used as a storage path.
 */
export function sanitizeFileName(header: string | undefined, mediaType: string): string {
  const lastSegment = decode(header ?? '')
    .normalize('NFC')
    .replace(INVISIBLE, '')
    .split(/[/\\]/)
    .pop()!;
  const name = lastSegment
    .replace(RESERVED, '_')
    .replace(/^[\s.]+/, '')
    .replace(/[\s.]+$/, '');
  if (!name) return `file${extensionFor(mediaType)}`;
  return truncate(hasExtensionOf(name, mediaType) ? name : `${name}${extensionFor(mediaType)}`);
}
