/**
 * The lab report a nutritional plan's buyer uploads: what may be sent, and the words that say why
 * a file was not taken. The type is decided from the file's first bytes, never from its name or
 * the type the browser claims: an executable renamed `report.pdf` is still an executable.
 */

export const LAB_UPLOAD_MAX_MB = 10;
export const LAB_UPLOAD_MAX_BYTES = LAB_UPLOAD_MAX_MB * 1024 * 1024;
/** a report may come as several photos, one page each */
export const LAB_UPLOAD_MAX_FILES = 5;

export const labFileKinds = ['pdf', 'jpeg', 'png'] as const;
export type LabFileKind = (typeof labFileKinds)[number];

export const labFileContentTypes: Record<LabFileKind, string> = {
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** What a file input offers to pick: the types the shop takes, by extension and by type. */
export const labFileAccept = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

export const labUploadMessages = {
  noFile: 'Please choose your lab report to upload.',
  tooLarge: `This file is larger than ${LAB_UPLOAD_MAX_MB} MB. Please upload a smaller PDF, or a photo of each page.`,
  wrongType: 'This file is not a PDF, JPEG or PNG. Please upload your lab report as a PDF or a photo.',
  activePdf:
    'This PDF carries scripts or attached files, which we do not open. Please save it again as a plain PDF (print it to PDF) and upload that.',
  encryptedPdf: 'This PDF is password-protected. Please upload a copy without a password.',
  tooComplex: 'This PDF is too complex to check. Please upload a simpler copy, such as a scan or a photo of each page.',
  unreadable: 'We could not read this file. Please upload it again, or a clear photo of the report.',
  infected: 'This file did not pass our virus check, so we did not keep it. Please upload a copy from another source.',
  tooMany: `You can upload up to ${LAB_UPLOAD_MAX_FILES} files for one plan.`,
  alreadyWritten: 'Your plan is already written, so no more files can be added. Your plan is below.',
  notBought: 'This order has no nutritional plan to upload labs for.',
  uploaded: 'Thank you: your lab report is with our nutritionists.',
} as const;

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, index) => bytes[at + index] === byte);

// %PDF-
const pdfSignature = [0x25, 0x50, 0x44, 0x46, 0x2d];
const jpegSignature = [0xff, 0xd8, 0xff];
const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** how far into a file a PDF's header may sit: readers accept some bytes before it */
const PDF_HEADER_WINDOW = 1024;

/** The kind of a file from its content, or null when it is none the shop takes. */
export function sniffLabFile(bytes: Uint8Array): LabFileKind | null {
  if (startsWith(bytes, jpegSignature)) return 'jpeg';
  if (startsWith(bytes, pngSignature)) return 'png';
  // a PDF's header must be its first bytes for us: one preceded by anything else (a script, an
  // executable with a PDF appended) is a polyglot, read differently by different programs
  if (startsWith(bytes, pdfSignature)) return 'pdf';
  return null;
}

/** Whether a PDF header appears later in the file than its start: the sign of a file made to pass as two kinds. */
export function hasLatePdfHeader(bytes: Uint8Array): boolean {
  const window = bytes.subarray(1, Math.min(bytes.length, PDF_HEADER_WINDOW));
  for (let index = 0; index + pdfSignature.length <= window.length; index++) {
    if (startsWith(window, pdfSignature, index)) return true;
  }
  return false;
}

/** A file's size as people read it: "820 KB", "2.4 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
