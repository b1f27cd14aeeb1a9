import { hasLatePdfHeader, LAB_UPLOAD_MAX_BYTES, sniffLabFile, type LabFileKind, type labUploadMessages } from '@shop/core';
import sharp from 'sharp';
import type { MalwareScanner } from '../files/malware.ts';
import { pdfRefusalInWorker } from './inspect-in-worker.ts';

export type UploadRefusal = Exclude<keyof typeof labUploadMessages, 'alreadyWritten' | 'notBought' | 'uploaded' | 'tooMany'>;

export type Inspection = { ok: true; kind: LabFileKind; bytes: Buffer } | { ok: false; refusal: UploadRefusal; detail?: string };

/** The pixels an image may decode to: past this it is a decompression bomb, not a report's photo. */
const MAX_IMAGE_PIXELS = 60_000_000;

/**
 * Decides whether an uploaded file is kept, and what is kept:
 * - at most 10 MB, of a kind decided by its first bytes (PDF, JPEG or PNG);
 * - a PDF is inspected in a worker thread, within a time and a memory limit (inspect-in-worker.ts):
 *   its compressed streams inflate within a budget, it opens without a password and carries no
 *   script, action or attachment (inspect-pdf.ts); it is kept as sent;
 * - an image decodes within a sane size and is re-encoded, turned upright, without its metadata
 *   (the camera's place and time, the device) and without anything appended after the picture;
 * - the malware scanner, when one is configured, finds nothing in what was sent.
 */
export async function inspectLabFile(bytes: Buffer, scanner: MalwareScanner): Promise<Inspection> {
  if (bytes.length === 0) return { ok: false, refusal: 'noFile' };
  if (bytes.length > LAB_UPLOAD_MAX_BYTES) return { ok: false, refusal: 'tooLarge' };
  const kind = sniffLabFile(bytes);
  if (!kind || (kind !== 'pdf' && hasLatePdfHeader(bytes))) return { ok: false, refusal: 'wrongType' };

  const verdict = await scanner.scan(bytes);
  if (!verdict.clean) return { ok: false, refusal: 'infected', detail: verdict.found };

  if (kind === 'pdf') {
    const refusal = await pdfRefusalInWorker(bytes);
    return refusal ? { ok: false, refusal } : { ok: true, kind, bytes };
  }
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' }).rotate();
    const clean = kind === 'jpeg' ? await image.jpeg({ quality: 90, mozjpeg: false }).toBuffer() : await image.png().toBuffer();
    return { ok: true, kind, bytes: clean };
  } catch {
    return { ok: false, refusal: 'unreadable' };
  }
}
