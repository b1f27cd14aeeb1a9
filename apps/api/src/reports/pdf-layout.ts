import { PageSizes, rgb, type PDFDocument, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';

export const colors = {
  ink: rgb(0.09, 0.11, 0.16),
  muted: rgb(0.4, 0.44, 0.5),
  rule: rgb(0.85, 0.87, 0.9),
  shade: rgb(0.95, 0.96, 0.97),
} as const;

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

export interface TextStyle {
  font: PDFFont;
  size: number;
  color?: RGB;
  /** distance between baselines; 1.35 × size unless told */
  leading?: number;
}

const [pageWidth, pageHeight] = PageSizes.Letter;
export const margin = 54;
export const contentWidth = pageWidth - 2 * margin;
/** where content stops, leaving room for the footer */
const bottom = 72;

/**
 * The standard fonts only know WinAnsi characters and pdf-lib throws on any other, so a stray
 * character in catalog copy (an emoji, a "≥") would fail the whole download: it prints as "?" instead.
 */
export function printable(text: string, font: PDFFont): string {
  const known = new Set(font.getCharacterSet());
  return Array.from(text.replace(/\s+/g, ' '), (char) => (known.has(char.codePointAt(0) ?? 0) ? char : '?')).join('');
}

/** Breaks text into lines no wider than `width`; a word longer than a line is cut. */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of printable(text, font).split(' ').filter(Boolean)) {
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
  page!: PDFPage;
  /** the top of the free space on the current page */
  y = 0;

  constructor(
    private readonly doc: PDFDocument,
    /** draws what every page starts with and returns the y below it */
    private readonly startPage: (page: PDFPage) => number,
  ) {
    this.newPage();
  }

  newPage(): void {
    this.page = this.doc.addPage(PageSizes.Letter);
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
export function drawLines(page: PDFPage, lines: readonly string[], x: number, top: number, style: TextStyle): void {
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

export function drawRule(page: PDFPage, y: number, color: RGB = colors.rule): void {
  page.drawLine({ start: { x: margin, y }, end: { x: pageWidth - margin, y }, thickness: 0.75, color });
}

/** A page's running head: a title at the left, a note at the right (an order's number), a rule under both; answers the y below it. */
export function drawRunningHead(page: PDFPage, fonts: Fonts, title: string, right: string): number {
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
export function drawPageFeet(doc: PDFDocument, fonts: Fonts, note: string): void {
  const pages = doc.getPages();
  const printed = printable(note, fonts.regular);
  pages.forEach((page, index) => {
    drawRule(page, 50);
    page.drawText(printed, { x: margin, y: 36, size: 8, font: fonts.regular, color: colors.muted });
    const number = `Page ${index + 1} of ${pages.length}`;
    page.drawText(number, {
      x: pageWidth - margin - fonts.regular.widthOfTextAtSize(number, 8),
      y: 36,
      size: 8,
      font: fonts.regular,
      color: colors.muted,
    });
  });
}

export { pageHeight, pageWidth };
