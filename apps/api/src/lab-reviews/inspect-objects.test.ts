import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { handmadePdf, reportPdf } from '../../test/handmade-pdf.ts';
import { objectsVerdict } from './inspect-objects.ts';
import { pdfRefusal } from './inspect-pdf.ts';

/** An object stream holding `bodies`, its header as given (or placing each body where it is). */
function objectStream(bodies: string, header: string, entries = '/Filter /FlateDecode', encode = (data: Buffer) => deflateSync(data)) {
  return { entries: `/Type /ObjStm /N 1 /First ${header.length} ${entries}`, data: encode(Buffer.from(header + bodies, 'latin1')) };
}

describe('objectsVerdict', () => {
  it('finds nothing to refuse in a plain report, packed or not', () => {
    expect(objectsVerdict(reportPdf())).toBe('clean');
    expect(objectsVerdict(reportPdf('Ferritin', { objectStream: true }))).toBe('clean');
  });

  it('finds an action wherever a dictionary holds it: a page’s annotation launching a program, an XML form', () => {
    const launch = '/Annots [<< /Type /Annot /Subtype /Link /Rect [0 0 9 9] /A << /S /Launch /F (calc.exe) >> >>] ';
    expect(objectsVerdict(Buffer.from(reportPdf().toString('latin1').replace('/Type /Page ', `/Type /Page ${launch}`), 'latin1'))).toBe(
      'active',
    );
    expect(objectsVerdict(reportPdf('Form', { catalog: '/AcroForm << /Fields [] /XFA 6 0 R >>', more: ['[]'] }))).toBe('active');
  });

  it('reads an object stream’s object where its header places it, even inside what reads as a string from the start', () => {
    // read from its start, the body is one string; a reader looking object 4 up starts at the `<<`
    const bodies = '(hidden << /S /JavaScript /JS (app.alert\\(1\\)) >> )';
    const withStream = handmadePdf([
      '<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >>',
      '<< /Type /Pages /Kids [] /Count 0 >>',
      objectStream(bodies, `4 ${bodies.indexOf('<<')} `),
    ]);
    expect(withStream.includes('JavaScript')).toBe(false);
    expect(objectsVerdict(withStream)).toBe('active');
  });

  it('calls an object stream it cannot decode as a reader would unreadable: a predictor, another filter', () => {
    const body = '<< /S /JavaScript /JS (x) >>';
    for (const stream of [
      objectStream(body, '6 0 ', '/Filter /FlateDecode /DecodeParms << /Predictor 12 /Columns 4 >>'),
      objectStream(body, '6 0 ', '/Filter /ASCIIHexDecode', (data) => Buffer.from(data.toString('hex'))),
    ]) {
      expect(objectsVerdict(handmadePdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>', stream]))).toBe(
        'unreadable',
      );
    }
  });

  it('tells a password-protected file first, its trailer a cross-reference stream’s', () => {
    const encrypted = handmadePdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [] /Count 0 >>',
      { entries: '/Type /XRef /W [1 4 2] /Size 4 /Root 1 0 R /Encrypt 4 0 R', data: Buffer.alloc(0) },
      '<< /Filter /Standard /V 1 /R 2 /O <00> /U <00> /P -4 >>',
    ]);
    expect(objectsVerdict(encrypted)).toBe('encrypted');
  });

  it('stops at values nested deeper than any real document’s, instead of reading on', () => {
    const deep = `${'['.repeat(100)}${']'.repeat(100)}`;
    expect(objectsVerdict(reportPdf('Deep', { catalog: `/Deep ${deep}` }))).toBe('unreadable');
  });
});

describe('pdfRefusal, after the walker, opens the file with PDF.js', () => {
  it('keeps a plain report, and refuses a file PDF.js finds no page in', async () => {
    expect(await pdfRefusal(reportPdf())).toBeNull();
    expect(await pdfRefusal(reportPdf('Ferritin', { objectStream: true }))).toBeNull();
    const noPages = handmadePdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>']);
    expect(await pdfRefusal(noPages)).toBe('unreadable');
  });
});
