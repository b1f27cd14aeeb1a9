import { constants, createDeflate } from 'node:zlib';
import { reportPdf } from './handmade-pdf.ts';

const MB = 1024 * 1024;

/** `head`, `megabytes` of spaces, then `tail`, deflated at zlib's best compression a megabyte at a time. */
export async function deflatedSpaces(megabytes: number, head = '', tail = ''): Promise<Buffer> {
  const deflate = createDeflate({ level: constants.Z_BEST_COMPRESSION });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  const spaces = Buffer.alloc(MB, 0x20);
  deflate.write(head);
  for (let written = 0; written < megabytes; written++) {
    if (!deflate.write(spaces)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end(tail);
  await done;
  return Buffer.concat(chunks);
}

/**
 * A small valid PDF with an incremental update holding one more object stream whose object sits
 * after `megabytes` of spaces: a few hundred KB sent, hundreds of MB once inflated. `dictionary`
 * rewrites the stream's dictionary entries (its filter, say) for a test of one disguise.
 */
export async function objectStreamBomb(megabytes: number, dictionary = (entries: string) => entries): Promise<Buffer> {
  const original = reportPdf('Ferritin 12 ng/mL').toString('latin1');
  const root = /\/Root (\d+ \d+ R)/.exec(original)?.[1];
  const previous = /startxref\s+(\d+)/.exec(original)?.[1];
  const size = Number(/\/Size (\d+)/.exec(original)?.[1]);
  if (!root || !previous || !size) throw new Error('the generated PDF has no trailer to update');

  // the stream holds one object, numbered after the document's last, found past the spaces
  const header = `${size} 0\n`;
  const data = await deflatedSpaces(megabytes, header, 'null');
  const entries = dictionary(`/Type /ObjStm /N 1 /First ${header.length} /Filter /FlateDecode /Length ${data.length}`);
  const objectAt = original.length + 1;
  const object = Buffer.concat([
    Buffer.from(`\n${size} 0 obj\n<< ${entries} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream\nendobj\n', 'latin1'),
  ]);
  const xrefAt = original.length + object.length;
  const update = [
    'xref',
    '0 1',
    '0000000000 65535 f ',
    `${size} 1`,
    `${String(objectAt).padStart(10, '0')} 00000 n `,
    'trailer',
    `<< /Size ${size + 1} /Root ${root} /Prev ${previous} >>`,
    'startxref',
    String(xrefAt),
    '%%EOF',
    '',
  ].join('\n');
  return Buffer.concat([Buffer.from(original, 'latin1'), object, Buffer.from(update, 'latin1')]);
}
