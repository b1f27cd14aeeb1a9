import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkit';
import PDFDocument from 'pdfkit';

/** A colour as red, green and blue shares from 0 to 1. */
export type Color = readonly [red: number, green: number, blue: number];
export const rgb = (red: number, green: number, blue: number): Color => [red, green, blue];

export const colors = {
  ink: rgb(0.09, 0.11, 0.16),
  muted: rgb(0.4, 0.44, 0.5),
  rule: rgb(0.85, 0.87, 0.9),
  shade: rgb(0.95, 0.96, 0.97),
} as const;

// DejaVu Sans Condensed prints every Latin script, Vietnamese included, so a customer's name or
// a catalog's "≥" prints as typed; its widths are within a few percent of Helvetica's, which
// the documents were laid out in. The files come with the npm package, found where it is
// installed, and are read once: each document embeds the letters it prints.
let faces: Record<keyof Fonts, Font> | undefined;
const loadFaces = () => (faces ??= { regular: face('DejaVuSansCondensed.ttf'), bold: face('DejaVuSansCondensed-Bold.ttf') });

function face(file: string): Font {
  const loaded = create(readFileSync(createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${file}`)));
  if ('fonts' in loaded) throw new Error(`${file} is a collection of fonts, not one`);
  return loaded;
}

/** One of a document's fonts: drawn by name, and able to measure text. */
export interface PdfFont {
  readonly name: keyof Fonts;
  /** the text as this font prints it (see `printable`) */
  printable(text: string): string;
  widthOfTextAtSize(text: string, size: number): number;
}

export interface Fonts {
  regular: PdfFont;
  bold: PdfFont;
}

export interface TextStyle {
  font: PdfFont;
  size: number;
  color?: Color;
  /** distance between baselines; 1.35 × size unless told */
  leading?: number;
}

// US Letter, in points
const pageWidth = 612;
const pageHeight = 792;
export const margin = 54;
export const contentWidth = pageWidth - 2 * margin;
/** where content stops, leaving room for the footer */
const bottom = 72;

/** What the document says about itself: its title shows in the viewer's title bar. */
export interface DocumentInfo {
  title: string;
  subject?: string;
  /** when it was made; now unless told, and a given moment always gives the same bytes */
  createdAt?: Date;
}

/**
 * A PDF of Letter pages drawn from the bottom-left corner up, as PDF coordinates run: `y` is a
 * text's baseline or a shape's lower edge. Pages stay open to drawing until the document is saved,
 * so a page's foot can say how many pages there are.
 */
export class LayoutDocument {
  readonly pages: Page[] = [];
  readonly fonts: Fonts;
  private readonly pdf: PDFKit.PDFDocument;

  constructor(info: DocumentInfo) {
    const createdAt = info.createdAt ?? new Date();
    this.pdf = new PDFDocument({
      size: [pageWidth, pageHeight],
      margin: 0,
      autoFirstPage: false,
      bufferPages: true,
      displayTitle: true,
      lang: 'en-US',
      info: {
        Title: info.title,
        Author: 'Base',
        ...(info.subject ? { Subject: info.subject } : {}),
        Creator: 'Base',
        Producer: 'Base',
        CreationDate: createdAt,
        ModDate: createdAt,
      },
    });
    const font = (name: keyof Fonts): PdfFont => {
      const face = loadFaces()[name];
      // pdfkit takes a font fontkit has read (its types know only files and bytes)
      this.pdf.registerFont(name, face as never);
      return {
        name,
        printable: (text) => printable(text, face),
        widthOfTextAtSize: (text, size) => this.pdf.font(name).fontSize(size).widthOfString(printable(text, face)),
      };
    };
    this.fonts = { regular: font('regular'), bold: font('bold') };
  }

  addPage(): Page {
    this.pdf.addPage({ size: [pageWidth, pageHeight], margin: 0 });
    const page = new Page(this.pdf, this.pages.length);
    this.pages.push(page);
    return page;
  }

  save(): Promise<Uint8Array> {
    return new Promise((resolve, reject) => {
      const chunks: Uint8Array[] = [];
      this.pdf.on('data', (chunk: Uint8Array) => chunks.push(chunk));
      this.pdf.on('end', () => resolve(Buffer.concat(chunks)));
      this.pdf.on('error', reject);
      this.pdf.end();
    });
  }
}

// pdfkit takes a colour's parts from 0 to 255
const parts = (color: Color): [number, number, number] => [color[0] * 255, color[1] * 255, color[2] * 255];

/** One page of a LayoutDocument. pdfkit measures `y` from the top: turned over here, once. */
export class Page {
  private readonly page: PDFKit.PDFPage;

  constructor(
    private readonly pdf: PDFKit.PDFDocument,
    private readonly index: number,
  ) {
    this.page = pdf.page;
  }

  /** pdfkit draws on its current page: this one, switched back to if need be */
  private get canvas(): PDFKit.PDFDocument {
    if (this.pdf.page !== this.page) this.pdf.switchToPage(this.index);
    return this.pdf;
  }

  drawText(text: string, options: { x: number; y: number; size: number; font: PdfFont; color?: Color }): void {
    this.canvas
      .font(options.font.name)
      .fontSize(options.size)
      .fillColor(parts(options.color ?? colors.ink))
      .text(options.font.printable(text), options.x, pageHeight - options.y, { lineBreak: false, baseline: 'alphabetic' });
  }

  drawRectangle(options: {
    x: number;
    y: number;
    width: number;
    height: number;
    color: Color;
    borderColor?: Color;
    borderWidth?: number;
  }): void {
    const canvas = this.canvas.save().rect(options.x, pageHeight - options.y - options.height, options.width, options.height);
    if (options.borderColor) canvas.lineWidth(options.borderWidth ?? 1).fillAndStroke(parts(options.color), parts(options.borderColor));
    else canvas.fill(parts(options.color));
    canvas.restore();
  }

  drawLine(options: { start: { x: number; y: number }; end: { x: number; y: number }; thickness: number; color: Color }): void {
    this.canvas
      .save()
      .moveTo(options.start.x, pageHeight - options.start.y)
      .lineTo(options.end.x, pageHeight - options.end.y)
      .lineWidth(options.thickness)
      .strokeColor(parts(options.color))
      .stroke()
      .restore();
  }
}

/**
 * Text as it prints: on one line, runs of white space (line breaks included) as one space; letters
 * typed as a base and its marks (as some keyboards send "ễ") as the one letter they make; and a
 * character the font has no glyph for (an emoji) as "?", rather than an empty box.
 */
function printable(text: string, face: Font): string {
  const line = text.normalize('NFC').replace(/\s+/g, ' ');
  return Array.from(line, (char) => (face.hasGlyphForCodePoint(char.codePointAt(0) ?? 0) ? char : '?')).join('');
}

/** Breaks text into lines no wider than `width`; a word longer than a line is cut. */
export function wrap(text: string, font: PdfFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of font.printable(text).split(' ').filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (font.widthOfTextAtSize(line, size) > width) {
      let cut = line.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut -= 1;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line) lines.push(line);
  return lines;
}

export const leadingOf = (style: TextStyle) => style.leading ?? style.size * 1.35;

/** A top-to-bottom cursor over as many Letter pages as the content needs. */
export class Flow {
  page!: Page;
  /** the top of the free space on the current page */
  y = 0;

  constructor(
    private readonly doc: LayoutDocument,
    /** draws what every page starts with and returns the y below it */
    private readonly startPage: (page: Page) => number,
  ) {
    this.newPage();
  }

  newPage(): void {
    this.page = this.doc.addPage();
    this.y = this.startPage(this.page);
  }

  /** Starts a new page unless `height` more points fit on this one; says whether it did. */
  ensure(height: number): boolean {
    if (this.y - height >= bottom) return false;
    this.newPage();
    return true;
  }

  gap(height: number): void {
    this.y -= height;
  }

  /** Wrapped text across the content width (or `width` from `x`), breaking pages between lines. */
  paragraph(text: string, style: TextStyle, x = margin, width = contentWidth): void {
    const leading = leadingOf(style);
    for (const line of wrap(text, style.font, style.size, width)) {
      this.ensure(leading);
      this.page.drawText(line, { x, y: this.y - style.size, size: style.size, font: style.font, color: style.color ?? colors.ink });
      this.y -= leading;
    }
  }
}

/** Lines of already-wrapped text with their top at `top`. */
export function drawLines(page: Page, lines: readonly string[], x: number, top: number, style: TextStyle): void {
  lines.forEach((line, index) => {
    page.drawText(line, {
      x,
      y: top - style.size - index * leadingOf(style),
      size: style.size,
      font: style.font,
      color: style.color ?? colors.ink,
    });
  });
}

export function drawRule(page: Page, y: number, color: Color = colors.rule): void {
  page.drawLine({ start: { x: margin, y }, end: { x: pageWidth - margin, y }, thickness: 0.75, color });
}

/** A page's running head: a title at the left, a note at the right (an order's number), a rule under both; answers the y below it. */
export function drawRunningHead(page: Page, fonts: Fonts, title: string, right: string): number {
  const top = pageHeight - 40;
  page.drawText(title, { x: margin, y: top - 12, size: 12, font: fonts.bold, color: colors.ink });
  page.drawText(right, {
    x: pageWidth - margin - fonts.regular.widthOfTextAtSize(right, 9),
    y: top - 11,
    size: 9,
    font: fonts.regular,
    color: colors.muted,
  });
  drawRule(page, top - 20);
  return top - 34;
}

/** Every page's foot: a rule, the document's note and "Page n of N". */
export function drawPageFeet(doc: LayoutDocument, note: string, size = 8): void {
  const { pages, fonts } = doc;
  pages.forEach((page, index) => {
    drawRule(page, 50);
    page.drawText(note, { x: margin, y: 36, size, font: fonts.regular, color: colors.muted });
    const number = `Page ${index + 1} of ${pages.length}`;
    page.drawText(number, {
      x: pageWidth - margin - fonts.regular.widthOfTextAtSize(number, size),
      y: 36,
      size,
      font: fonts.regular,
      color: colors.muted,
    });
  });
}

export { pageHeight, pageWidth };
