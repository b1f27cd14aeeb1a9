import { measureInflated } from './inspect-inflate.ts';
import { objectsVerdict } from './inspect-objects.ts';
import type { UploadRefusal } from './inspect.ts';

/** Why a PDF is refused once it is known to be one: what this file decides, in the inspection's worker. */
export type PdfRefusal = Extract<UploadRefusal, 'activePdf' | 'encryptedPdf' | 'unreadable' | 'tooComplex'>;

const verdicts = { encrypted: 'encryptedPdf', active: 'activePdf', unreadable: 'unreadable', clean: null } as const;

/**
 * Whether a PDF may be kept, decided in three steps, each only once the one before passed:
 * 1. its compressed streams inflate within the budget (inspect-inflate.ts), before anything else
 *    decodes them;
 * 2. the project's walker reads every object, those inside object streams included, and finds no
 *    password protection and no script, action or attachment (inspect-objects.ts);
 * 3. PDF.js, the viewer's parser, opens it without a password and finds pages, and its own reading
 *    of the document's catalog finds no script, attachment or XML form either.
 */
export async function pdfRefusal(bytes: Buffer, options: { beforeViewer?: () => Promise<void> } = {}): Promise<PdfRefusal | null> {
  if (!(await measureInflated(bytes)).ok) return 'tooComplex';
  const walked = verdicts[objectsVerdict(bytes)];
  if (walked) return walked;
  await options.beforeViewer?.();
  return viewerRefusal(bytes);
}

/**
 * PDF.js is imported natively: the worker loads its TypeScript through a CommonJS hook
 * (inspect-in-worker.ts) that would otherwise compile PDF.js's 3 MB over again, for seconds, each
 * time. The worker starts importing it as soon as it starts (inspect-worker.ts).
 */
export const loadPdfJs = () => import('pdfjs-dist/legacy/build/pdf.mjs');

async function viewerRefusal(bytes: Buffer): Promise<PdfRefusal | null> {
  const { getDocument, PasswordException, VerbosityLevel } = await loadPdfJs();
  const task = getDocument({
    // PDF.js may take the buffer it is handed: a copy of its own
    data: new Uint8Array(bytes),
    verbosity: VerbosityLevel.ERRORS,
    // nothing here is drawn: no fonts loaded, no XML forms read
    disableFontFace: true,
    useSystemFonts: false,
    enableXfa: false,
  });
  try {
    const document = await task.promise;
    if (document.numPages < 1) return 'unreadable';
    const [scripts, attachments, metadata] = await Promise.all([
      document.getJSActions(),
      document.getAttachments(),
      document.getMetadata(),
    ]);
    const info = metadata.info as { IsXFAPresent?: boolean };
    return scripts || attachments || info.IsXFAPresent ? 'activePdf' : null;
  } catch (error) {
    return error instanceof PasswordException ? 'encryptedPdf' : 'unreadable';
  } finally {
    await task.destroy();
  }
}
