import { hasLatePdfHeader, LAB_UPLOAD_MAX_BYTES, sniffLabFile, type LabFileKind, type labUploadMessages } from '@shop/core';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFStream, type PDFObject } from 'pdf-lib';
import sharp from 'sharp';
import type { MalwareScanner } from '../files/malware.ts';

export type UploadRefusal = Exclude<keyof typeof labUploadMessages, 'alreadyWritten' | 'notBought' | 'uploaded' | 'tooMany'>;

export type Inspection = { ok: true; kind: LabFileKind; bytes: Buffer } | { ok: false; refusal: UploadRefusal; detail?: string };

/**
 * PDF names that make a document do something when opened or carry other files: scripts
 * (JavaScript, JS), attachments (EmbeddedFile, EmbeddedFiles), launching programs (Launch),
 * Flash and 3D media (RichMedia), and XML forms, which carry their own scripts (XFA). The parser
 * has already undone any `#xx` escapes in a name, so `/J#61vaScript` is found as `/JavaScript`.
 */
const activeKeys = new Set(['JavaScript', 'JS', 'EmbeddedFile', 'EmbeddedFiles', 'Launch', 'RichMedia', 'XFA']);
const activeActions = new Set(['JavaScript', 'Launch', 'ImportData', 'RichMediaExecute', 'GoToE']);

/** The pixels an image may decode to: past this it is a decompression bomb, not a report's photo. */
const MAX_IMAGE_PIXELS = 60_000_000;

/**
 * Decides whether an uploaded file is kept, and what is kept:
 * - at most 10 MB, of a kind decided by its first bytes (PDF, JPEG or PNG);
 * - a PDF opens without a password and carries no script, action or attachment, found by walking
 *   every object the parser reads (object streams included); it is kept as sent;
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
    const refusal = await pdfRefusal(bytes);
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

async function pdfRefusal(bytes: Buffer): Promise<UploadRefusal | null> {
  let document: PDFDocument;
  try {
    // loaded even when encrypted, to be told so by isEncrypted: the library's own error for it is
    // a plain Error, told apart only by its words
    document = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
  } catch {
    return 'unreadable';
  }
  if (document.isEncrypted) return 'encryptedPdf';
  // the parser is lenient: text after a PDF header reads as a document of no pages
  if (!hasPages(document)) return 'unreadable';
  for (const [, object] of document.context.enumerateIndirectObjects()) {
    if (isActive(object, 0)) return 'activePdf';
  }
  if (isActive(document.context.trailerInfo.Root, 0)) return 'activePdf';
  return null;
}

function hasPages(document: PDFDocument): boolean {
  try {
    return document.getPageCount() > 0;
  } catch {
    return false;
  }
}

const MAX_DEPTH = 64;

/** Whether an object, or anything written directly inside it, is active content. */
function isActive(object: PDFObject | undefined, depth: number): boolean {
  if (!object || depth > MAX_DEPTH) return depth > MAX_DEPTH;
  if (object instanceof PDFStream) return isActive(object.dict, depth + 1);
  if (object instanceof PDFArray) return object.asArray().some((item) => isActive(item, depth + 1));
  if (!(object instanceof PDFDict)) return false;
  for (const [key, value] of object.entries()) {
    const name = key.decodeText();
    if (activeKeys.has(name)) return true;
    if ((name === 'S' || name === 'Type' || name === 'Subtype') && value instanceof PDFName && activeActions.has(value.decodeText()))
      return true;
    if (name === 'Type' && value instanceof PDFName && value.decodeText() === 'EmbeddedFile') return true;
    if (isActive(value, depth + 1)) return true;
  }
  return false;
}
