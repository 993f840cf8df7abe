/**
 * The super-reviewer's exports of a form (docs/staff-api.md): its applications as CSV and its uploaded
 * files as a ZIP. The server names the download with `exportFileName`; the browser, which saves
 * the fetched bytes itself, gives it the same name.
 */
export const EXPORT_KINDS = ['applications', 'files'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

const EXTENSION: Record<ExportKind, string> = { applications: 'csv', files: 'zip' };

/** The API path of an export (under /api). */
export const exportPath = (formId: string, kind: ExportKind): string =>
  `/admin/forms/${encodeURIComponent(formId)}/export/${kind}.${EXTENSION[kind]}`;

// Characters no file system takes in a name, and invisible ones.
const UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}<>:"/\\|?*]/gu;

/** "Fall Recruitment applications 2026-03-01.csv": the form's name, what it holds and the day (UTC). */
export function exportFileName(formName: string, kind: ExportKind, at: Date): string {
  const name = formName.normalize('NFC').replace(UNSAFE, ' ').replace(/\s+/g, ' ').trim().replace(/^\.+/, '');
  return `${name.slice(0, 100).trim() || 'form'} ${kind} ${at.toISOString().slice(0, 10)}.${EXTENSION[kind]}`;
}
