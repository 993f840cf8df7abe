import { zipCrc, localHeader, type ZipEntryRecord } from './zip-format';

/**
 * What every export says of itself (docs/product.md#exports): when the portal made it, and that the
 * copy is the club's to keep safe and delete. The CSV carries it as its first record, a comment
 * (`#`) padded to the header's width, so the file stays one table (tools that skip comments skip
 * it; a spreadsheet shows it above the headings); the ZIP as a README.txt beside the folders.
 */

/**
 * The notice's words, made at `at` (UTC, to the minute). No comma or double quote: the CSV writes
 * the cell bare, so its line starts with `#` for the tools that skip comment lines.
 */
export function exportNotice(at: Date): string {
  const when = `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return (
    `Exported from the application portal on ${when}. This copy holds applicants' personal data: ` +
    `keeping it safe and deleting it once the club no longer needs it is the club's responsibility. ` +
    `The portal erases what it keeps by its own rules; it cannot erase this copy.`
  );
}

/** The CSV's first record: the notice as a comment, padded with empty cells to `width` columns. */
export function csvNoticeRecord(at: Date, width: number): string[] {
  return [`# ${exportNotice(at)}`, ...Array.from({ length: Math.max(0, width - 1) }, () => '')];
}

/** The ZIP's README. */
export const EXPORT_README_NAME = 'README.txt';

/**
 * The README as an entry of a stored ZIP (zip-format.ts) that starts at `offset` of the archive: its
 * local header and bytes, and its record for the central directory.
 */
export function zipReadme(at: Date, offset: number): { bytes: Buffer; record: ZipEntryRecord } {
  const content = Buffer.from(`${exportNotice(at)}\r\n`, 'utf8');
  const entry = { name: EXPORT_README_NAME, crc: zipCrc(content), size: content.length, date: at.getTime() };
  return { bytes: Buffer.concat([localHeader(entry), content]), record: { ...entry, offset } };
}
