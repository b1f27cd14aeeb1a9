import { deflateSync } from 'node:zlib';

/** An object's body: a value written as PDF text, or a stream with its dictionary's entries (its /Length is added). */
export type PdfObject = string | { entries: string; data: Buffer | string };

/**
 * A PDF written by hand: `objects` are the bodies of objects 1, 2, …, the first of them the
 * catalog. With `objectStream`, every object that is not a stream is packed into one deflated
 * object stream, and a deflated cross-reference stream replaces the table, as most writers do.
 */
export function handmadePdf(objects: readonly PdfObject[], options: { objectStream?: boolean } = {}): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0]!.length;
  const write = (part: Buffer | string) => {
    const bytes = typeof part === 'string' ? Buffer.from(part, 'latin1') : part;
    parts.push(bytes);
    length += bytes.length;
  };
  const writeObject = (number: number, body: PdfObject) => {
    if (typeof body === 'string') return write(`${number} 0 obj\n${body}\nendobj\n`);
    const data = typeof body.data === 'string' ? Buffer.from(body.data, 'latin1') : body.data;
    write(`${number} 0 obj\n<< ${body.entries} /Length ${data.length} >>\nstream\n`);
    write(data);
    write('\nendstream\nendobj\n');
  };

  // where each object is: at an offset of the file, or at an index of the object stream
  const places: Array<{ offset: number } | { index: number }> = [];
  const packed: Array<{ number: number; body: string }> = [];
  objects.forEach((body, index) => {
    if (options.objectStream && typeof body === 'string') {
      places.push({ index: packed.length });
      packed.push({ number: index + 1, body });
      return;
    }
    places.push({ offset: length });
    writeObject(index + 1, body);
  });
  if (!options.objectStream) {
    const xrefAt = length;
    const rows = places.map((place) => `${String('offset' in place ? place.offset : 0).padStart(10, '0')} 00000 n \n`);
    write(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${rows.join('')}`);
    write(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`);
    return Buffer.concat(parts);
  }

  const streamNumber = objects.length + 1;
  let header = '';
  let bodies = '';
  for (const { number, body } of packed) {
    header += `${number} ${bodies.length} `;
    bodies += `${body}\n`;
  }
  const streamAt = length;
  writeObject(streamNumber, {
    entries: `/Type /ObjStm /N ${packed.length} /First ${header.length} /Filter /FlateDecode`,
    data: deflateSync(header + bodies),
  });

  // a row per object: its type (0 free, 1 at an offset, 2 in an object stream), then 4 and 2 bytes
  const xrefNumber = streamNumber + 1;
  const xrefAt = length;
  const row = (type: number, field: number, last: number) => {
    const bytes = Buffer.alloc(7);
    bytes.writeUInt8(type, 0);
    bytes.writeUInt32BE(field, 1);
    bytes.writeUInt16BE(last, 5);
    return bytes;
  };
  const rows = [
    row(0, 0, 0xffff),
    ...places.map((place) => ('offset' in place ? row(1, place.offset, 0) : row(2, streamNumber, place.index))),
    row(1, streamAt, 0),
    row(1, xrefAt, 0),
  ];
  writeObject(xrefNumber, {
    entries: `/Type /XRef /Size ${xrefNumber + 1} /W [1 4 2] /Root 1 0 R /Filter /FlateDecode`,
    data: deflateSync(Buffer.concat(rows)),
  });
  write(`startxref\n${xrefAt}\n%%EOF\n`);
  return Buffer.concat(parts);
}

/** A PDF string literal of `text`: its backslashes and parentheses escaped. */
const literal = (text: string) => `(${text.replace(/[\\()]/g, (char) => `\\${char}`)})`;

/**
 * A one-page report printing `text` in Helvetica, as a lab's system might send it. `catalog` adds
 * entries to its catalog and `more` adds objects, numbered from 6 (the page's content is 5).
 */
export function reportPdf(
  text = 'Ferritin 12 ng/mL (range 30-400)',
  options: { catalog?: string; more?: readonly PdfObject[]; objectStream?: boolean } = {},
): Buffer {
  return handmadePdf(
    [
      `<< /Type /Catalog /Pages 2 0 R ${options.catalog ?? ''}>>`,
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
      { entries: '/Filter /FlateDecode', data: deflateSync(`BT /F1 12 Tf 72 720 Td ${literal(text)} Tj ET`) },
      ...(options.more ?? []),
    ],
    { objectStream: options.objectStream ?? false },
  );
}
