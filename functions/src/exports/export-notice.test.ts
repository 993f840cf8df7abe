import AdmZip from 'adm-zip';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { neutralizeFormula } from './applications-csv';
import { csvNoticeRecord, EXPORT_README_NAME, exportNotice, zipReadme } from './export-notice';
import { centralDirectory } from './zip-format';

const AT = new Date('2026-03-01T12:34:56.000Z');

describe("an export's notice", () => {
  it('says when the export was made and whose responsibility the copy is', () => {
    expect(exportNotice(AT)).toMatch(/^Exported from the application portal on 2026-03-01 12:34 UTC\. /);
    expect(exportNotice(AT)).toContain("is the club's responsibility");
  });

  it('keeps the CSV one table a spreadsheet cannot run: a comment record as wide as the header, left as it is', () => {
    const header = ['Applicant', 'Email', 'Role'];
    const csv = stringify([csvNoticeRecord(AT, header.length), header, ['Ada', 'ada@example.com', 'Engineer']], {
      bom: true,
      cast: { string: neutralizeFormula },
    });
    const records = parse(csv, { bom: true, relax_column_count: false }) as string[][];
    expect(records[0]).toEqual([`# ${exportNotice(AT)}`, '', '']);
    // A tool that skips comments reads the header first.
    expect(parse(csv, { bom: true, comment: '#', relax_column_count: false })).toEqual([
      header,
      ['Ada', 'ada@example.com', 'Engineer'],
    ]);
  });

  it('is a README in the ZIP, an entry any unzip reads', () => {
    const readme = zipReadme(AT, 0);
    const archive = Buffer.concat([readme.bytes, centralDirectory([readme.record], readme.bytes.length)]);
    const zip = new AdmZip(archive);
    expect(zip.getEntries().map((entry) => entry.entryName)).toEqual([EXPORT_README_NAME]);
    expect(zip.readAsText(EXPORT_README_NAME)).toBe(`${exportNotice(AT)}\r\n`);
  });
});
