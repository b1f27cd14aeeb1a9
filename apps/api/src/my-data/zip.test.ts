import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readStoredZip, storedZip } from './zip.ts';

describe('the stored ZIP writer', () => {
  const entries = [
    { name: 'account.json', data: Buffer.from('{"a":1}') },
    { name: 'results/order-100001.pdf', data: Buffer.from('%PDF-1.4 bytes') },
    { name: 'notes/é.txt', data: new Uint8Array(0) },
  ];

  it('reads back what it wrote, checksums checked', () => {
    const back = readStoredZip(storedZip(entries));
    expect(back.map((entry) => entry.name)).toEqual(entries.map((entry) => entry.name));
    expect(back.map((entry) => Buffer.from(entry.data).toString())).toEqual(entries.map((entry) => Buffer.from(entry.data).toString()));
  });

  it('refuses an archive whose bytes changed', () => {
    const archive = storedZip(entries);
    // a byte of the first file's content, after its 30-byte header and 12-byte name
    archive[43] = archive[43]! ^ 0xff;
    expect(() => readStoredZip(archive)).toThrow(/checksum/);
  });

  it('is an archive Python’s zipfile module opens and tests', () => {
    const folder = mkdtempSync(join(tmpdir(), 'zip-'));
    const file = join(folder, 'data.zip');
    writeFileSync(file, storedZip(entries));
    const listed = execFileSync('python3', [
      '-c',
      'import sys,zipfile;z=zipfile.ZipFile(sys.argv[1]);assert z.testzip() is None;print("\\n".join(z.namelist()))',
      file,
    ]);
    expect(listed.toString().trim().split('\n')).toEqual(entries.map((entry) => entry.name));
    expect(readFileSync(file).subarray(0, 4).toString('hex')).toBe('504b0304');
    // a Python process starts slowly on a busy machine
  }, 30_000);
});
