import { PROGRAM_LAB_RETESTS, PROGRAM_LENGTH_MONTHS, RESULTS_BUSINESS_DAYS_AFTER_LAB_RECEIPT, type LabTest } from '@shop/core';
import {
  colors,
  contentWidth,
  drawLines,
  drawPageFeet,
  drawRule,
  Flow,
  LayoutDocument,
  leadingOf,
  margin,
  pageHeight,
  pageWidth,
  rgb,
  wrap,
  type Color,
  type Fonts,
  type Page,
  type TextStyle,
} from './pdf-layout.ts';
import { sampleRow, type Flag, type SampleRow } from './sample-values.ts';

const banner = 'SAMPLE REPORT · example values, not your results';
const disclaimer = 'This sample is for illustration only and is not medical advice.';

const flagColors: Record<Flag, { text: Color; fill: Color }> = {
  Normal: { text: rgb(0.09, 0.45, 0.25), fill: rgb(0.88, 0.96, 0.91) },
  Low: { text: rgb(0.7, 0.33, 0.02), fill: rgb(1, 0.93, 0.84) },
  High: { text: rgb(0.72, 0.11, 0.11), fill: rgb(0.99, 0.89, 0.89) },
};

/** The table's columns, left to right, as shares of the content width. */
const columns = [
  { title: 'Biomarker', width: 0.4 },
  { title: 'Example result', width: 0.22 },
  { title: 'Reference range', width: 0.22 },
  { title: 'Flag', width: 0.16 },
].map((column, index, all) => ({
  ...column,
  x: margin + all.slice(0, index).reduce((sum, { width }) => sum + width * contentWidth, 0),
  width: column.width * contentWidth,
}));
const cellPadding = 6;

/** An example results report for one lab test: what a customer's report looks like, with made-up values. */
export async function renderSampleReport(test: LabTest): Promise<Uint8Array> {
  const doc = new LayoutDocument({
    title: `Base sample results: ${test.title}`,
    subject: `An example ${test.title} report with example values, for illustration only`,
  });
  const { fonts } = doc;
  const text = (size: number, color = colors.ink): TextStyle => ({ font: fonts.regular, size, color });
  const bold = (size: number, color = colors.ink): TextStyle => ({ font: fonts.bold, size, color });

  const flow = new Flow(doc, (page) => drawHeader(page, fonts));

  drawBanner(flow, fonts);
  flow.gap(22);
  flow.paragraph(test.title, bold(22));
  flow.gap(4);
  flow.paragraph(test.overview, text(11.5, colors.muted));
  flow.gap(14);
  field(flow, 'Sample type', test.sampleType, fonts);
  field(flow, 'What it measures', test.description, fonts);

  flow.gap(6);
  flow.ensure(80);
  flow.paragraph('Example results', bold(14));
  flow.gap(6);
  drawTable(flow, test.biomarkers.map(sampleRow), fonts);
  flow.gap(8);
  flow.paragraph(
    'Reference ranges differ between labs and with age, sex and, for hormones, the time of day or the day of the cycle. ' +
      'Your report prints the ranges that apply to you, and a flag only means a value sits outside its range.',
    text(8.5, colors.muted),
  );

  flow.gap(18);
  flow.ensure(70);
  flow.paragraph('What happens next', bold(14));
  flow.gap(4);
  flow.paragraph(
    `Your results are ready about ${RESULTS_BUSINESS_DAYS_AFTER_LAB_RECEIPT} business days after the lab receives your sample, ` +
      `and they are reviewed before they reach you. From them we build your ${PROGRAM_LENGTH_MONTHS}-month Improvement Program: ` +
      `the changes to food, sleep, movement and supplements that matter for your numbers. ` +
      `During the program, ${PROGRAM_LAB_RETESTS} retests show what has improved and what to adjust.`,
    text(10.5),
  );

  drawPageFeet(doc, disclaimer, 8.5);
  return doc.save();
}

function drawHeader(page: Page, fonts: Fonts): number {
  const top = pageHeight - 40;
  page.drawText('Base · Sample results', { x: margin, y: top - 12, size: 12, font: fonts.bold, color: colors.ink });
  const right = 'Example report';
  const width = fonts.regular.widthOfTextAtSize(right, 9);
  page.drawText(right, { x: pageWidth - margin - width, y: top - 11, size: 9, font: fonts.regular, color: colors.muted });
  drawRule(page, top - 20);
  return top - 34;
}

function drawBanner(flow: Flow, fonts: Fonts): void {
  const height = 30;
  const size = 11;
  const { page } = flow;
  page.drawRectangle({
    x: margin,
    y: flow.y - height,
    width: contentWidth,
    height,
    color: rgb(1, 0.95, 0.8),
    borderColor: rgb(0.9, 0.68, 0.2),
    borderWidth: 1,
  });
  const width = fonts.bold.widthOfTextAtSize(banner, size);
  page.drawText(banner, {
    x: margin + (contentWidth - width) / 2,
    y: flow.y - height / 2 - size * 0.35,
    size,
    font: fonts.bold,
    color: rgb(0.55, 0.35, 0),
  });
  flow.gap(height);
}

function field(flow: Flow, label: string, value: string, fonts: Fonts): void {
  flow.ensure(36);
  flow.paragraph(label.toUpperCase(), { font: fonts.bold, size: 8.5, color: colors.muted });
  flow.gap(1);
  flow.paragraph(value, { font: fonts.regular, size: 10.5 });
  flow.gap(10);
}

function drawTable(flow: Flow, rows: readonly SampleRow[], fonts: Fonts): void {
  const cell: TextStyle = { font: fonts.regular, size: 10 };
  const note: TextStyle = { font: fonts.regular, size: 8, color: colors.muted };
  const [nameColumn, resultColumn, rangeColumn, flagColumn] = columns;
  if (!nameColumn || !resultColumn || !rangeColumn || !flagColumn) throw new Error('the table has four columns');
  const inner = (column: { width: number }) => column.width - 2 * cellPadding;

  const drawHead = () => {
    const height = 22;
    flow.page.drawRectangle({ x: margin, y: flow.y - height, width: contentWidth, height, color: colors.shade });
    for (const column of columns) {
      flow.page.drawText(column.title, { x: column.x + cellPadding, y: flow.y - 14.5, size: 8.5, font: fonts.bold, color: colors.muted });
    }
    flow.gap(height);
  };

  drawHead();
  for (const row of rows) {
    const name = wrap(row.name, fonts.bold, cell.size, inner(nameColumn));
    const noteLines = row.note ? wrap(row.note, note.font, note.size, inner(nameColumn)) : [];
    const result = wrap(row.result, cell.font, cell.size, inner(resultColumn));
    const range = wrap(row.range, cell.font, cell.size, inner(rangeColumn));
    const nameHeight = name.length * leadingOf(cell) + noteLines.length * leadingOf(note);
    const height = Math.max(nameHeight, result.length * leadingOf(cell), range.length * leadingOf(cell), 16) + 2 * cellPadding;
    // a row never splits across pages, and a continued table repeats its head
    if (flow.ensure(height)) drawHead();

    const top = flow.y - cellPadding;
    drawLines(flow.page, name, nameColumn.x + cellPadding, top, { ...cell, font: fonts.bold });
    drawLines(flow.page, noteLines, nameColumn.x + cellPadding, top - name.length * leadingOf(cell), note);
    drawLines(
      flow.page,
      result,
      resultColumn.x + cellPadding,
      top,
      row.flag && row.flag !== 'Normal' ? { ...cell, font: fonts.bold } : cell,
    );
    drawLines(flow.page, range, rangeColumn.x + cellPadding, top, cell);
    if (row.flag) drawFlag(flow.page, row.flag, flagColumn.x + cellPadding, top, fonts);
    else drawLines(flow.page, ['—'], flagColumn.x + cellPadding, top, { ...cell, color: colors.muted });

    flow.gap(height);
    drawRule(flow.page, flow.y);
  }
}

function drawFlag(page: Page, flag: Flag, x: number, top: number, fonts: Fonts): void {
  const size = 8.5;
  const label = flag.toUpperCase();
  const width = fonts.bold.widthOfTextAtSize(label, size) + 12;
  const { text, fill } = flagColors[flag];
  page.drawRectangle({ x, y: top - 14, width, height: 15, color: fill, borderColor: text, borderWidth: 0.5 });
  page.drawText(label, { x: x + 6, y: top - 10, size, font: fonts.bold, color: text });
}
