import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface ReadPdf {
  pages: number;
  /** each page's text, its runs joined by line */
  text: string[];
  /** the document information dictionary: Title, Author, Subject, CreationDate (as PDF dates), … */
  info: Record<string, unknown>;
}

/** Reads a PDF as a viewer does (PDF.js), answering its pages' text and its information. */
export async function readPdf(bytes: Uint8Array): Promise<ReadPdf> {
  const task = getDocument({ data: new Uint8Array(bytes), verbosity: VerbosityLevel.ERRORS, disableFontFace: true, useSystemFonts: false });
  try {
    const document = await task.promise;
    const text: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const content = await (await document.getPage(number)).getTextContent();
      text.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''));
    }
    const { info } = await document.getMetadata();
    return { pages: document.numPages, text, info: info as Record<string, unknown> };
  } finally {
    await task.destroy();
  }
}

/** The words a PDF prints, its pages' text one after the other. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  return (await readPdf(bytes)).text.join('\n');
}
