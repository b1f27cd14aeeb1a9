import { describe, expect, it } from 'vitest';
import { pdfText, readPdf } from '../../test/pdf-text.ts';
import { renderInvoicePdf } from '../billing/invoice-pdf.ts';
import { invoicePayeeFrom } from '../billing/invoice-payee.ts';
import { renderLabPlan } from '../lab-reviews/pdf.ts';
import { renderResultsReport } from '../results/pdf.ts';

const payee = invoicePayeeFrom({ PUBLIC_URL: 'https://shop.example.com' });

const name = 'Nguyễn Thị Zoë';

describe('the PDFs print a Vietnamese name as it is written', () => {
  it('in the results report, the invoice and the plan', async () => {
    const report = await renderResultsReport(
      {
        order: { id: 'order', number: 1042, status: 'results_ready', statusLabel: 'Results ready' },
        orderedBy: { practitioner: `Dr. ${name}`, clinic: 'Green Valley Clinic' },
        physician: { name, licence: 'Texas licence Q1234' },
        released: true,
        heldForClinician: false,
        note: null,
        kits: [{ kitSlug: 'iron', title: 'Iron', status: 'results_ready', resultsAt: null, results: [] }],
      },
      {
        patient: { fullName: name, dateOfBirth: '1990-04-12' },
        lab: 'Partner Lab – Thủ Đức, 1 Main St, Austin, TX 78701',
        collectedAt: {},
      },
    );
    const invoice = await renderInvoicePdf(
      {
        invoiceId: 'invoice',
        number: 7,
        customer: { id: 'customer', name, issuerCustomerId: null, billing: { address: null, email: null, poNumber: null } },
        period: '2026-11',
        issuedOn: '2026-12-01',
        dueOn: '2026-12-31',
        lines: [{ description: `Covered tests and programs: ${name}`, date: '2026-11-04', amountCents: 12_345 }],
        totalCents: 12_345,
        idempotencyKey: 'key',
      },
      payee,
    );
    const plan = await renderLabPlan({
      orderNumber: 1042,
      deliveredAt: new Date('2026-11-20T15:00:00Z'),
      plan: { summary: `${name}, your ferritin is low.`, eatMore: ['Phở with beef'], eatLess: [], meals: [], shopping: [] },
    });

    const reportText = await pdfText(report);
    expect(reportText).toContain(`Ordered by Dr. ${name} — Green Valley Clinic`);
    expect(reportText).toContain(`Physician of record: ${name}, Texas licence Q1234`);
    expect(reportText).toContain(`Patient: ${name}`);
    expect(reportText).toContain('Date of birth: April 12, 1990');
    expect(reportText).toContain('Lab: Partner Lab – Thủ Đức, 1 Main St, Austin, TX 78701');
    const invoiceText = await pdfText(invoice);
    expect(invoiceText).toContain(`Billed to ${name}`);
    expect(invoiceText).toContain(`Covered tests and programs: ${name}`);
    const planText = await pdfText(plan);
    expect(planText).toContain(`${name}, your ferritin is low.`);
    expect(planText).toContain('Phở with beef');
    expect(planText).not.toContain('?');
  });

  it('keeps the documents’ titles and pages, and gives the same invoice the same bytes', async () => {
    const invoice = (issuedOn: string) =>
      renderInvoicePdf(
        {
          invoiceId: 'invoice',
          number: 8,
          customer: { id: 'customer', name, issuerCustomerId: null, billing: { address: null, email: null, poNumber: null } },
          period: '2026-11',
          issuedOn,
          dueOn: '2026-12-31',
          // enough lines for a second page, whose table goes on under the running head
          lines: Array.from({ length: 40 }, (_, index) => ({ description: `Line ${index + 1}`, date: '2026-11-04', amountCents: 100 })),
          totalCents: 4_000,
          idempotencyKey: 'key',
        },
        payee,
      );
    const read = await readPdf(await invoice('2026-12-01'));
    expect(read.pages).toBe(2);
    expect(read.info).toMatchObject({ Title: 'Base invoice INV-8', Author: 'Base', CreationDate: 'D:20261201000000Z' });
    expect(read.text[1]).toContain('Base · Invoice');
    expect(read.text[1]).toContain('Page 2 of 2');
    expect(Buffer.from(await invoice('2026-12-01')).equals(Buffer.from(await invoice('2026-12-01')))).toBe(true);
  });

  it('prints a name typed as letters and marks as the letters they make, and a character the font lacks as "?"', async () => {
    const plan = await renderLabPlan({
      orderNumber: 1,
      deliveredAt: new Date('2026-11-20T15:00:00Z'),
      plan: { summary: `${name.normalize('NFD')} 🍋`, eatMore: [], eatLess: [], meals: [], shopping: [] },
    });
    expect(await pdfText(plan)).toContain(`${name} ?`);
  });
});
