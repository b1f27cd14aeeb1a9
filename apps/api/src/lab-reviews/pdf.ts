import { labPlanSections, type LabPlan } from '@shop/core';
import { colors, contentWidth, drawPageFeet, drawRunningHead, Flow, LayoutDocument, margin } from '../reports/pdf-layout.ts';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'America/New_York' });

/** The member's nutritional plan as a PDF to print or keep: the summary, then each list. */
export async function renderLabPlan(input: { orderNumber: number; deliveredAt: Date; plan: LabPlan }): Promise<Uint8Array> {
  const doc = new LayoutDocument({ title: 'Your Base nutritional plan' });
  const { fonts } = doc;

  const flow = new Flow(doc, (page) => drawRunningHead(page, fonts, 'Base · Nutritional plan', `Order #${input.orderNumber}`));
  flow.paragraph('Your nutritional plan', { font: fonts.bold, size: 22 });
  flow.paragraph(`Written for you by a Base nutritionist on ${dateFormat.format(input.deliveredAt)}.`, {
    font: fonts.regular,
    size: 10,
    color: colors.muted,
  });
  flow.gap(12);
  flow.paragraph('What your results say', { font: fonts.bold, size: 14 });
  flow.gap(4);
  for (const paragraph of input.plan.summary.split(/\n+/)) {
    flow.paragraph(paragraph, { font: fonts.regular, size: 11 });
    flow.gap(4);
  }
  for (const section of labPlanSections) {
    const items = input.plan[section.key];
    if (items.length === 0) continue;
    flow.gap(12);
    flow.ensure(60);
    flow.paragraph(section.title, { font: fonts.bold, size: 14 });
    flow.gap(4);
    for (const item of items) flow.paragraph(`•  ${item}`, { font: fonts.regular, size: 11 }, margin + 8, contentWidth - 8);
  }
  drawPageFeet(doc, 'Confidential health information. This plan is nutrition advice, not a diagnosis or treatment.');
  return doc.save();
}
