import { PDFArray, PDFDict, PDFDocument, PDFName, PDFStream, type PDFObject } from 'pdf-lib';
import { measureInflated } from './inspect-inflate.ts';
import type { UploadRefusal } from './inspect.ts';

/** Why a PDF is refused once it is known to be one: what this file decides, in the inspection's worker. */
export type PdfRefusal = Extract<UploadRefusal, 'activePdf' | 'encryptedPdf' | 'unreadable' | 'tooComplex'>;

/**
 * PDF names that make a document do something when opened or carry other files: scripts
 * (JavaScript, JS), attachments (EmbeddedFile, EmbeddedFiles), launching programs (Launch),
 * Flash and 3D media (RichMedia), and XML forms, which carry their own scripts (XFA). The parser
 * has already undone any `#xx` escapes in a name, so `/J#61vaScript` is found as `/JavaScript`.
 */
const activeKeys = new Set(['JavaScript', 'JS', 'EmbeddedFile', 'EmbeddedFiles', 'Launch', 'RichMedia', 'XFA']);
const activeActions = new Set(['JavaScript', 'Launch', 'ImportData', 'RichMediaExecute', 'GoToE']);

/**
 * Whether a PDF may be kept: its compressed streams inflate within the budget (before the parser
 * is handed them), it opens without a password, has pages, and carries no script, action or
 * attachment, found by walking every object the parser reads (object streams included).
 */
export async function pdfRefusal(bytes: Buffer): Promise<PdfRefusal | null> {
  if (!(await measureInflated(bytes)).ok) return 'tooComplex';
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
