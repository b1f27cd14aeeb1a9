import { crc32 } from 'node:zlib';

/** One file of an archive: its path inside it and its bytes. */
export interface ZipEntry {
  name: string;
  data: Uint8Array;
}

const dosTime = (date: Date) => (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | Math.floor(date.getUTCSeconds() / 2);
const dosDate = (date: Date) => ((date.getUTCFullYear() - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate();

/**
 * A ZIP archive (APPNOTE 6.3, "stored": no compression) of the entries, in one buffer. Names are
 * written as UTF-8 (general purpose flag bit 11). Without ZIP64, so up to 65,535 entries and 4 GiB:
 * far above what one member's data comes to.
 */
export function storedZip(entries: readonly ZipEntry[], now = new Date()): Buffer {
  if (entries.length > 0xffff) throw new Error('too many entries for a ZIP without ZIP64');
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const data = Buffer.from(entry.data);
    const checksum = crc32(data);
    // the fields a local header (from byte 4) and the central directory's (from byte 6) share
    const shared = (header: Buffer, at: number) => {
      header.writeUInt16LE(20, at);
      header.writeUInt16LE(0x0800, at + 2);
      header.writeUInt16LE(0, at + 4);
      header.writeUInt16LE(dosTime(now), at + 6);
      header.writeUInt16LE(dosDate(now), at + 8);
      header.writeUInt32LE(checksum, at + 10);
      header.writeUInt32LE(data.length, at + 14);
      header.writeUInt32LE(data.length, at + 18);
      header.writeUInt16LE(name.length, at + 22);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    shared(local, 4);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    shared(central, 6);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
    if (offset > 0xffffffff) throw new Error('archive too large for a ZIP without ZIP64');
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The entries of a stored ZIP this module wrote (for tests and checks): name and bytes, in order. */
export function readStoredZip(archive: Buffer): ZipEntry[] {
  const entries: ZipEntry[] = [];
  let at = 0;
  while (archive.readUInt32LE(at) === 0x04034b50) {
    if (archive.readUInt16LE(at + 8) !== 0) throw new Error('only stored entries are read');
    const size = archive.readUInt32LE(at + 18);
    const nameLength = archive.readUInt16LE(at + 26);
    const extra = archive.readUInt16LE(at + 28);
    const name = archive.subarray(at + 30, at + 30 + nameLength).toString('utf8');
    const start = at + 30 + nameLength + extra;
    const data = archive.subarray(start, start + size);
    if (crc32(data) !== archive.readUInt32LE(at + 14)) throw new Error(`${name}: checksum does not match`);
    entries.push({ name, data });
    at = start + size;
  }
  return entries;
}
