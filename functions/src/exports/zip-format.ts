import { crc32 } from 'node:zlib';

/**
 * A ZIP archive written in pieces (PKWARE APPNOTE 6.3): each file is a local header and its bytes,
 * stored as they are (uploads are PDFs and Office files, compressed already), its name in UTF-8;
 * the central directory, written last, lists every entry at its offset in the archive. So an
 * archive can be written as segments one after another, each on its own (files-export-job.ts), and
 * read back as one file by sending the segments in order. Past 4 GiB or 65,535 entries the offsets
 * and counts go into ZIP64 records.
 *
 * Written here rather than with a ZIP library: the archive is packed across job runs that stop and
 * are taken up again, so the central directory is written by a later run for entries that earlier
 * runs wrote; the streaming writers (yazl, archiver, fflate's Zip) keep that list in the one
 * writer's memory and have no public way to write it for entries at recorded offsets. Packing at
 * download time instead would compute every CRC again per download and leave the size unknown
 * until then. zip-format.test.ts reads what this writes back with an unzip library.
 */

/** One file of the archive, as the central directory lists it. */
export interface ZipEntryRecord {
  /** Its path in the archive (UTF-8). */
  name: string;
  crc: number;
  size: number;
  /** Where its local header starts, from the start of the archive. */
  offset: number;
  /** Its time, as milliseconds since the epoch. */
  date: number;
}

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const ZIP64_END_OF_CENTRAL_DIRECTORY = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
/** General purpose flag bit 11: the name is UTF-8. */
const UTF8_NAME = 0x0800;
const STORED = 0;
/** Versions needed to extract: 2.0 (stored files, folders), 4.5 (ZIP64). */
const VERSION = 20;
const VERSION_ZIP64 = 45;
const MAX_32 = 0xffffffff;
const MAX_16 = 0xffff;

/** The MS-DOS time and date of `ms` (local time, as other archivers write it; two-second steps). */
function dosDateTime(ms: number): { time: number; date: number } {
  const at = new Date(ms);
  const year = Math.min(Math.max(at.getFullYear(), 1980), 2107);
  return {
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | Math.floor(at.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  };
}

/**
 * The fields a local header and a central header share, in the same order (version needed to
 * extract … extra field length), written into `header` from `at`.
 */
function writeEntryFields(
  header: Buffer,
  at: number,
  entry: Pick<ZipEntryRecord, 'name' | 'crc' | 'size' | 'date'>,
  fields: { version: number; nameLength: number; extraLength: number },
): void {
  const { time, date } = dosDateTime(entry.date);
  header.writeUInt16LE(fields.version, at);
  header.writeUInt16LE(UTF8_NAME, at + 2);
  header.writeUInt16LE(STORED, at + 4);
  header.writeUInt16LE(time, at + 6);
  header.writeUInt16LE(date, at + 8);
  header.writeUInt32LE(entry.crc >>> 0, at + 10);
  // Stored: the compressed size is the size.
  header.writeUInt32LE(entry.size, at + 14);
  header.writeUInt32LE(entry.size, at + 18);
  header.writeUInt16LE(fields.nameLength, at + 22);
  header.writeUInt16LE(fields.extraLength, at + 24);
}

/** The local header of a stored file (`size` bytes, their CRC-32), to be followed by its bytes. */
export function localHeader(entry: Pick<ZipEntryRecord, 'name' | 'crc' | 'size' | 'date'>): Buffer {
  if (entry.size >= MAX_32) throw new RangeError(`A file of ${entry.size} bytes is too large for one entry`);
  const name = Buffer.from(entry.name, 'utf8');
  const header = Buffer.alloc(30);
  header.writeUInt32LE(LOCAL_HEADER, 0);
  writeEntryFields(header, 4, entry, { version: VERSION, nameLength: name.length, extraLength: 0 });
  return Buffer.concat([header, name]);
}

/** The CRC-32 a ZIP entry records of its bytes. */
export const zipCrc = (bytes: Buffer): number => crc32(bytes);

function centralHeader(entry: ZipEntryRecord): Buffer {
  const name = Buffer.from(entry.name, 'utf8');
  const far = entry.offset >= MAX_32;
  // ZIP64 extended information: only the offset can be past 4 GiB (each file is smaller).
  const extra = far ? Buffer.alloc(12) : Buffer.alloc(0);
  if (far) {
    extra.writeUInt16LE(0x0001, 0);
    extra.writeUInt16LE(8, 2);
    extra.writeBigUInt64LE(BigInt(entry.offset), 4);
  }
  const version = far ? VERSION_ZIP64 : VERSION;
  const header = Buffer.alloc(46);
  header.writeUInt32LE(CENTRAL_HEADER, 0);
  // Version made by, then the fields a local header has too.
  header.writeUInt16LE(version, 4);
  writeEntryFields(header, 6, entry, { version, nameLength: name.length, extraLength: extra.length });
  // Comment length, disk number, internal and external attributes: none.
  header.writeUInt32LE(far ? MAX_32 : entry.offset, 42);
  return Buffer.concat([header, name, extra]);
}

/** The central directory of `entries` and the end records, for an archive whose entries end at `offset`. */
export function centralDirectory(entries: ZipEntryRecord[], offset: number): Buffer {
  const directory = Buffer.concat(entries.map(centralHeader));
  const zip64 = entries.length >= MAX_16 || offset >= MAX_32 || directory.length >= MAX_32;
  const records: Buffer[] = [directory];
  if (zip64) {
    const record = Buffer.alloc(56);
    record.writeUInt32LE(ZIP64_END_OF_CENTRAL_DIRECTORY, 0);
    record.writeBigUInt64LE(44n, 4);
    record.writeUInt16LE(VERSION_ZIP64, 12);
    record.writeUInt16LE(VERSION_ZIP64, 14);
    // Disk numbers (0, 0).
    record.writeBigUInt64LE(BigInt(entries.length), 24);
    record.writeBigUInt64LE(BigInt(entries.length), 32);
    record.writeBigUInt64LE(BigInt(directory.length), 40);
    record.writeBigUInt64LE(BigInt(offset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(ZIP64_LOCATOR, 0);
    locator.writeBigUInt64LE(BigInt(offset + directory.length), 8);
    locator.writeUInt32LE(1, 16);
    records.push(record, locator);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
  end.writeUInt16LE(zip64 ? MAX_16 : entries.length, 8);
  end.writeUInt16LE(zip64 ? MAX_16 : entries.length, 10);
  end.writeUInt32LE(zip64 ? MAX_32 : directory.length, 12);
  end.writeUInt32LE(zip64 ? MAX_32 : offset, 16);
  records.push(end);
  return Buffer.concat(records);
}
