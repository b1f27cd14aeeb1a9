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
import type { ReportDetails } from './report-details.ts';

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
// the shop's days are Eastern, as on its pages and the requisition
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'America/New_York' });
// a date of birth is a calendar day, not a moment: read and printed as such
const birthFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const dayOf = (iso: string | null) => (iso ? dateFormat.format(new Date(iso)) : null);
const birthDayOf = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? birthFormat.format(new Date(`${value}T00:00:00Z`)) : value);

/**
 * The results report, made to be filed by the member's own doctor as a lab report: who was tested
 * (name and date of birth), the lab, the physician of record, each kit's collection and report
 * dates, and each biomarker's value, reference range and flag.
 */
export async function renderResultsReport(results: OrderResults, details: ReportDetails): Promise<Uint8Array> {
  const doc = new LayoutDocument({ title: `Base results: order #${results.order.number}` });
  const { fonts } = doc;
  const body = { font: fonts.regular, size: 10.5 };

  const flow = new Flow(doc, (page) => drawRunningHead(page, fonts, 'Base · Lab results', `Order #${results.order.number}`));
  flow.paragraph('Lab results report', { font: fonts.bold, size: 22 });
  flow.gap(8);
  drawIdentity(flow, results, details, fonts);
  flow.gap(6);
  flow.paragraph(
    'Each value is read against its reference range. A flag only means a value sits outside its range; your clinician reads your results as a whole.',
    { ...body, color: colors.muted },
  );
  if (results.note) {
    flow.gap(6);
    flow.paragraph(`Clinician’s note: ${results.note}`, body);
  }
  if (!results.released) {
    flow.gap(8);
    flow.paragraph(results.heldForClinician ? heldResultsMessage : resultsReleaseMessages.withPractitioner, body);
  }
  for (const kit of results.kits) {
    flow.gap(16);
    flow.ensure(80);
    flow.paragraph(kit.title, { font: fonts.bold, size: 14 });
    const dates = [
      ['Collected', dayOf(details.collectedAt[kit.kitSlug] ?? null)],
      ['Reported', dayOf(kit.resultsAt)],
    ].flatMap(([label, day]) => (day ? [`${label}: ${day}`] : []));
    if (dates.length > 0) flow.paragraph(dates.join(' · '), { font: fonts.regular, size: 9, color: colors.muted });
    flow.gap(6);
    if (kit.results.length === 0 && !results.released) continue;
    if (kit.results.length === 0) flow.paragraph('Not ready yet: we e-mail you when they are.', body);
    else drawTable(flow, kit.results, fonts);
  }
  drawPageFeet(doc, 'Confidential health information. This report is not a diagnosis; talk to your clinician about your results.');
  return doc.save();
}

/** The report's head: the patient, the order, the lab and who ordered and approved the tests, one line each. */
function drawIdentity(flow: Flow, results: OrderResults, details: ReportDetails, fonts: Fonts): void {
  const line = (text: string, font = fonts.regular) => flow.paragraph(text, { font, size: 10.5 });
  const { patient } = details;
  line(`Patient: ${patient ? patient.fullName : 'not given (the medical profile is empty)'}`, fonts.bold);
  if (patient) line(`Date of birth: ${birthDayOf(patient.dateOfBirth)}`);
  line(`Order: #${results.order.number}`);
  line(`Lab: ${details.lab}`);
  if (results.physician) line(`Physician of record: ${results.physician.name}, ${results.physician.licence}`);
  if (results.orderedBy) line(orderedByLine(results.orderedBy));
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
