import { monitorEventLoopDelay } from 'node:perf_hooks';
import { LAB_UPLOAD_MAX_BYTES } from '@shop/core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { reportPdf } from '../../test/handmade-pdf.ts';
import { objectStreamBomb } from '../../test/pdf-bombs.ts';
import { noMalwareScanner, type MalwareScanner } from '../files/malware.ts';
import { pdfRefusalInWorker, pdfWorkerLimits } from './inspect-in-worker.ts';
import { inspectLabFile } from './inspect.ts';

const plainPdf = (options: { objectStreams?: boolean } = {}) =>
  reportPdf('Ferritin 12 ng/mL', { objectStream: options.objectStreams ?? true });

const inspect = (bytes: Buffer, scanner: MalwareScanner = noMalwareScanner) => inspectLabFile(bytes, scanner);

describe('inspectLabFile', () => {
  it('keeps a plain PDF as it was sent', async () => {
    const pdf = plainPdf();
    const result = await inspect(pdf);
    expect(result).toEqual({ ok: true, kind: 'pdf', bytes: pdf });
  });

  it('refuses an empty file, one over 10 MB, and one that is not a PDF or an image whatever its name', async () => {
    expect(await inspect(Buffer.alloc(0))).toEqual({ ok: false, refusal: 'noFile' });
    const large = Buffer.concat([plainPdf(), Buffer.alloc(LAB_UPLOAD_MAX_BYTES)]);
    expect(await inspect(large)).toEqual({ ok: false, refusal: 'tooLarge' });
    const executable = Buffer.concat([Buffer.from([0x4d, 0x5a, 0x90, 0x00]), Buffer.alloc(200)]);
    expect(await inspect(executable)).toEqual({ ok: false, refusal: 'wrongType' });
    // an executable with a PDF after its stub: a polyglot is not a PDF
    expect(await inspect(Buffer.concat([Buffer.from('MZ stub '), plainPdf()]))).toEqual({ ok: false, refusal: 'wrongType' });
  });

  it('refuses a PDF that runs a script when opened, even inside a compressed object stream', async () => {
    for (const objectStream of [true, false]) {
      const bytes = reportPdf('Ferritin 12 ng/mL', {
        catalog: '/OpenAction 6 0 R',
        more: ['<< /S /JavaScript /JS (app.alert\\(1\\)) >>'],
        objectStream,
      });
      // packed, the action is nowhere in the file's bytes as written
      expect(bytes.includes('JavaScript')).toBe(!objectStream);
      expect(await inspect(bytes)).toEqual({ ok: false, refusal: 'activePdf' });
    }
  });

  it('refuses a script whose name is spelled with #-escapes', async () => {
    const bytes = plainPdf({ objectStreams: false }).toString('latin1');
    // an Additional Actions entry added to the first page, its names escaped
    const tampered = bytes.replace('/Type /Page ', '/Type /Page /AA << /O << /S /J#61vaScript /J#53 (app.alert\\(1\\)) >> >> ');
    expect(tampered).not.toBe(bytes);
    expect(await inspect(Buffer.from(tampered, 'latin1'))).toEqual({ ok: false, refusal: 'activePdf' });
  });

  it('refuses a PDF carrying an attached file', async () => {
    const attached = reportPdf('Ferritin 12 ng/mL', {
      catalog: '/Names << /EmbeddedFiles << /Names [(invoice.exe) 6 0 R] >> >>',
      more: [
        '<< /Type /Filespec /F (invoice.exe) /UF (invoice.exe) /EF << /F 7 0 R >> >>',
        { entries: '/Type /EmbeddedFile /Subtype /application#2Foctet-stream', data: 'MZ pretend program' },
      ],
      objectStream: true,
    });
    expect(await inspect(attached)).toEqual({ ok: false, refusal: 'activePdf' });
  });

  it('refuses a password-protected PDF and one that does not parse', async () => {
    const bytes = plainPdf({ objectStreams: false }).toString('latin1');
    const encrypted = bytes.replace(/trailer\s*<</, (head) => `${head}\n/Encrypt << /Filter /Standard /V 1 /R 2 /O <00> /U <00> /P -4 >>`);
    expect(encrypted).not.toBe(bytes);
    expect(await inspect(Buffer.from(encrypted, 'latin1'))).toEqual({ ok: false, refusal: 'encryptedPdf' });
    expect(await inspect(Buffer.from('%PDF-1.7\nthis is not a document at all'))).toEqual({ ok: false, refusal: 'unreadable' });
  });

  it('refuses a PDF whose object stream inflates to hundreds of MB as too complex', async () => {
    const bomb = await objectStreamBomb(400);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await inspect(bomb)).toEqual({ ok: false, refusal: 'tooComplex' });
  });

  it('parses a PDF in a worker thread, leaving the event loop free, and stops it once its time is up', async () => {
    // within the inflate budget, yet seconds of parsing for the library: only the clock stops it
    const slow = await objectStreamBomb(30);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    expect(await pdfRefusalInWorker(slow, { ...pdfWorkerLimits, inspectMs: 300 })).toBe('tooComplex');
    delay.disable();
    // the loop never waited on the parse
    expect(delay.max / 1e6).toBeLessThan(250);
  });

  it('re-encodes a photo upright and without its metadata', async () => {
    const photo = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#c33' } })
      .withExif({ IFD0: { Make: 'PhoneMaker', Artist: 'Jane Doe' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const result = await inspect(photo);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.kind).toBe('jpeg');
    const metadata = await sharp(result.bytes).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(result.bytes.includes(Buffer.from('Jane Doe'))).toBe(false);
    expect([metadata.width, metadata.height]).toEqual([40, 20]);

    const png = await sharp({ create: { width: 8, height: 8, channels: 4, background: '#00f8' } })
      .png()
      .toBuffer();
    const withTrailer = Buffer.concat([png, Buffer.from('<script>appended</script>')]);
    const cleaned = await inspect(withTrailer);
    expect(cleaned.ok && cleaned.kind === 'png' && !cleaned.bytes.includes(Buffer.from('appended'))).toBe(true);
  });

  it('refuses an image that does not decode', async () => {
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 7)]);
    expect(await inspect(broken)).toEqual({ ok: false, refusal: 'unreadable' });
  });

  it('refuses what the malware scanner recognises, and asks it before anything is kept', async () => {
    const seen: number[] = [];
    const scanner: MalwareScanner = {
      description: 'test',
      scan: async (bytes) => {
        seen.push(bytes.length);
        return { clean: false, found: 'Eicar-Test-Signature' };
      },
    };
    const pdf = plainPdf();
    expect(await inspect(pdf, scanner)).toEqual({ ok: false, refusal: 'infected', detail: 'Eicar-Test-Signature' });
    expect(seen).toEqual([pdf.length]);
  });
});
