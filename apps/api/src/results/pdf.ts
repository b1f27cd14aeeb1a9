import { heldResultsMessage, orderedByLine, resultsReleaseMessages, type EvaluatedResult, type ResultFlag } from '@shop/core';
import {
  colors,
  contentWidth,
  drawLines,
  drawPageFeet,
  drawRule,
  drawRunningHead,
  Flow,
  LayoutDocument,
  leadingOf,
  margin,
  rgb,
  wrap,
  type Color,
  type Fonts,
  type TextStyle,
} from '../reports/pdf-layout.ts';
import type { OrderResults } from './read.ts';

const flagStyle: Record<ResultFlag, { label: string; text: Color; fill: Color }> = {
  normal: { label: 'NORMAL', text: rgb(0.09, 0.45, 0.25), fill: rgb(0.88, 0.96, 0.91) },
  low: { label: 'LOW', text: rgb(0.7, 0.33, 0.02), fill: rgb(1, 0.93, 0.84) },
  high: { label: 'HIGH', text: rgb(0.72, 0.11, 0.11), fill: rgb(0.99, 0.89, 0.89) },
};

const columns = [
  { title: 'Biomarker', share: 0.4 },
  { title: 'Result', share: 0.22 },
  { title: 'Reference range', share: 0.24 },
  { title: 'Flag', share: 0.14 },
].map((column, index, all) => ({
  title: column.title,
  x: margin + all.slice(0, index).reduce((sum, { share }) => sum + share * contentWidth, 0),
  width: column.share * contentWidth,
}));
const padding = 6;
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** The customer's results report: each kit's biomarkers with value, reference range and flag. */
export async function renderResultsReport(results: OrderResults): Promise<Uint8Array> {
  const doc = new LayoutDocument({ title: `Base results: order #${results.order.number}` });
  const { fonts } = doc;

  const flow = new Flow(doc, (page) => drawRunningHead(page, fonts, 'Base · Lab results', `Order #${results.order.number}`));
  flow.paragraph('Your lab results', { font: fonts.bold, size: 22 });
  flow.gap(4);
  flow.paragraph(
    'Each value is read against its reference range. A flag only means a value sits outside its range; your clinician reads your results as a whole.',
    { font: fonts.regular, size: 10.5, color: colors.muted },
  );
  if (results.orderedBy) flow.paragraph(orderedByLine(results.orderedBy), { font: fonts.regular, size: 10.5 });
  if (results.physician) {
    flow.paragraph(`Physician of record: ${results.physician.name}, ${results.physician.licence}`, { font: fonts.regular, size: 10.5 });
  }
  if (!results.released) {
    flow.gap(8);
    flow.paragraph(results.heldForClinician ? heldResultsMessage : resultsReleaseMessages.withPractitioner, {
      font: fonts.regular,
      size: 10.5,
    });
  }
  for (const kit of results.kits) {
    flow.gap(16);
    flow.ensure(80);
    flow.paragraph(kit.title, { font: fonts.bold, size: 14 });
    if (kit.resultsAt)
      flow.paragraph(`Results of ${dateFormat.format(new Date(kit.resultsAt))}`, { font: fonts.regular, size: 9, color: colors.muted });
    flow.gap(6);
    if (kit.results.length === 0 && !results.released) continue;
    if (kit.results.length === 0) flow.paragraph('Not ready yet: we e-mail you when they are.', { font: fonts.regular, size: 10.5 });
    else drawTable(flow, kit.results, fonts);
  }
  drawPageFeet(doc, 'Confidential health information. This report is not a diagnosis; talk to your clinician about your results.');
  return doc.save();
}

function drawTable(flow: Flow, rows: readonly EvaluatedResult[], fonts: Fonts): void {
  const cell: TextStyle = { font: fonts.regular, size: 10 };
  const drawHead = () => {
    flow.page.drawRectangle({ x: margin, y: flow.y - 22, width: contentWidth, height: 22, color: colors.shade });
    for (const column of columns)
      flow.page.drawText(column.title, { x: column.x + padding, y: flow.y - 14.5, size: 8.5, font: fonts.bold, color: colors.muted });
    flow.gap(22);
  };
  drawHead();
  for (const row of rows) {
    const texts = [row.title, row.display.value, row.display.range].map((text, index) =>
      wrap(text, index === 0 ? fonts.bold : fonts.regular, cell.size, (columns[index]?.width ?? 0) - 2 * padding),
    );
    const height = Math.max(16, ...texts.map((lines) => lines.length * leadingOf(cell))) + 2 * padding;
    if (flow.ensure(height)) drawHead();
    const top = flow.y - padding;
    texts.forEach((lines, index) => {
      const bold = index === 0 || (index === 1 && row.flag !== 'normal');
      drawLines(flow.page, lines, (columns[index]?.x ?? margin) + padding, top, { ...cell, font: bold ? fonts.bold : fonts.regular });
    });
    const style = flagStyle[row.flag];
    const x = (columns[3]?.x ?? margin) + padding;
    const width = fonts.bold.widthOfTextAtSize(style.label, 8.5) + 12;
    flow.page.drawRectangle({ x, y: top - 14, width, height: 15, color: style.fill, borderColor: style.text, borderWidth: 0.5 });
    flow.page.drawText(style.label, { x: x + 6, y: top - 10, size: 8.5, font: fonts.bold, color: style.text });
    flow.gap(height);
    drawRule(flow.page, flow.y);
  }
}
