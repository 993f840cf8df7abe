import AdmZip from 'adm-zip';
import { centralDirectory, localHeader, zipCrc, type ZipEntryRecord } from './zip-format';

const AT = new Date(2026, 2, 1, 12, 34, 56).getTime();

/** An archive of `files` written as the export writes it: entries one after another, then the directory. */
function archiveOf(files: { name: string; content: Buffer }[]): Buffer {
  const pieces: Buffer[] = [];
  const records: ZipEntryRecord[] = [];
  let offset = 0;
  for (const { name, content } of files) {
    const record = { name, crc: zipCrc(content), size: content.length, date: AT };
    const header = localHeader(record);
    records.push({ ...record, offset });
    pieces.push(header, content);
    offset += header.length + content.length;
  }
  return Buffer.concat([...pieces, centralDirectory(records, offset)]);
}

describe('the stored ZIP the files export writes, read back by an unzip library', () => {
  it('lists each entry under its UTF-8 name with its bytes (their CRC-32 checked) and time', () => {
    const files = [
      { name: 'Zoë Ångström (zoe@example.com)/résumé.pdf', content: Buffer.from('%PDF-1.4 zoë') },
      { name: 'Ada Lovelace (ada@example.com)/notes.txt', content: Buffer.alloc(70_000, 7) },
      { name: 'empty.txt', content: Buffer.alloc(0) },
    ];
    const zip = new AdmZip(archiveOf(files));
    expect(zip.getEntries().map((entry) => entry.entryName)).toEqual(files.map((file) => file.name));
    for (const file of files) {
      const entry = zip.getEntry(file.name)!;
      // Stored, its name flagged UTF-8 (bit 11), so unzip tools show it as written.
      expect(entry.header.method).toBe(0);
      expect(entry.header.flags & 0x0800).toBe(0x0800);
      expect(entry.getData().equals(file.content)).toBe(true);
      // DOS time: two-second steps, local time.
      expect(entry.header.time.getTime()).toBe(AT);
    }
  });
});
