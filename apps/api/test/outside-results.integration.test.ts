import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { auditLog, healthDataConsents, labResults, outsideLabReports } from '@shop/db';
import { healthDataConsentTexts, outsideResultWords } from '@shop/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStoredZip } from '../src/my-data/zip.ts';
import { reportPdf } from './handmade-pdf.ts';
import { createTestShop, customerWithCart, mailbox, staffVisitor, uniqueEmail, type TestShop, type Visitor } from './helpers.ts';
import { labPosting, orderWithSamples } from './results-helpers.ts';

// Results from other labs in the member's health record (docs/decisions/0087-outside-lab-results.md):
// the member uploads the report, staff enter its values in the console, the member reads them on
// the record's timeline and trends, marked as outside results; nothing of it outlives the account.

let shop: TestShop;
let operator: Visitor;
let dataDir: string;
beforeAll(async () => {
  shop = await createTestShop({ env: { PUBLIC_URL: 'http://shop.test' } });
  dataDir = shop.app.config.DATA_DIR;
  operator = await staffVisitor(shop, 'operator');
});
afterAll(() => shop.close());

const upload = (visitor: Visitor, query: Record<string, string>, bytes: Buffer = reportPdf(), contentType = 'application/pdf') =>
  visitor.request({
    method: 'POST',
    url: `/api/account/outside-reports?${new URLSearchParams(query).toString()}`,
    payload: bytes,
    headers: { 'content-type': contentType },
  });

const quest = { labName: 'Quest Diagnostics', collectedOn: '2026-03-02' };

/** A member who gave the consent to collect health data (the quiz asks it) and has an account. */
async function consentingMember() {
  const email = uniqueEmail('outside');
  const visitor = await customerWithCart(shop.app, email);
  return { visitor, email };
}

/** The sealed files in the storage folder of outside reports, as the disk holds them. */
function storedFiles(): Buffer[] {
  try {
    const folder = join(dataDir, 'uploads', 'outside-reports');
    return readdirSync(folder).map((name) => readFileSync(join(folder, name)));
  } catch {
    return [];
  }
}

const enter = (id: string, results: object[], by = operator) => by.post(`/api/admin/outside-reports/${id}/results`, { results });

describe('outside lab results', () => {
  it('takes a member’s report, lets staff open it and enter its values, e-mails the member and shows them on the record as outside results', async () => {
    // the member already has results from an order: cortisol, in range
    const first = await orderWithSamples(shop);
    const posted = await labPosting(shop, {
      orderId: first.order.id,
      kitSlug: 'daily-rhythm-saliva',
      results: [{ biomarker: 'cortisol', value: 0.8, unit: 'ng/mL' }],
    }).send();
    expect(posted.statusCode, posted.body).toBe(201);
    const member = first.visitor;
    const pdf = reportPdf();

    const uploaded = await upload(member, quest, pdf);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const report = uploaded.json();
    expect(report).toMatchObject({
      labName: 'Quest Diagnostics',
      collectedOn: '2026-03-02',
      status: 'waiting',
      statusText: outsideResultWords.waiting,
      file: { kind: 'pdf', label: expect.stringMatching(/^Report 1 \(PDF, \d+ KB\)$/) },
    });
    expect((await member.get('/api/account/outside-reports')).json()).toEqual({ reports: [report], consentNeeded: false });
    // sealed at rest: neither the file nor the lab's name is in clear on the disk or in the row
    const stored = storedFiles();
    expect(stored.some((bytes) => bytes.includes('%PDF'))).toBe(false);
    const raw = await shop.database.db.execute(`select lab_name_sealed from outside_lab_reports where id = '${report.id}'`);
    const rawRows = (raw as { rows?: { lab_name_sealed: string }[] }).rows ?? (raw as { lab_name_sealed: string }[]);
    expect(rawRows[0]!.lab_name_sealed).not.toContain('Quest');

    // the console: the queue, the report and its file, each read written to the audit log
    const queue = (await operator.get('/api/admin/outside-reports')).json();
    expect(queue.waiting).toContainEqual(expect.objectContaining({ id: report.id, collectedOn: '2026-03-02' }));
    const opened = await operator.get(`/api/admin/outside-reports/${report.id}`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ labName: 'Quest Diagnostics', collectedOn: '2026-03-02', enteredAt: null });
    const file = await operator.get(`/api/admin/outside-reports/${report.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(pdf)).toBe(true);
    const reads = await shop.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'outside_report'), eq(auditLog.subjectId, report.id)));
    expect(reads.map((line) => line.action)).toEqual(
      expect.arrayContaining(['outside_report.upload', 'outside_report.open', 'outside_report.file_read']),
    );

    // a wrong unit and an unknown biomarker are 422s that name them, and store nothing
    const wrongUnit = await enter(report.id, [{ biomarker: 'vitamin-d', value: 31, unit: 'mg/dL' }]);
    expect(wrongUnit.statusCode).toBe(422);
    expect(wrongUnit.json()).toMatchObject({
      code: 'RESULTS_WRONG_UNIT',
      message: 'Vitamin D: the unit must be ng/mL or nmol/L, not "mg/dL".',
    });
    const unknown = await enter(report.id, [
      { biomarker: 'vitamin-d', value: 31, unit: 'ng/mL' },
      { biomarker: 'unobtainium', value: 3, unit: 'mg/dL' },
    ]);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ code: 'RESULTS_UNKNOWN_BIOMARKER', message: expect.stringContaining('"unobtainium"') });
    expect(await shop.database.db.select().from(labResults).where(eq(labResults.origin, 'outside'))).toEqual([]);

    // not limited to a kit's biomarkers: vitamin D (in nmol/L, read in ng/mL) and cortisol beside it
    const entered = await enter(report.id, [
      { biomarker: 'vitamin-d', value: 77.5, unit: 'nmol/L' },
      { biomarker: 'cortisol', value: 1.4, unit: 'ng/mL' },
    ]);
    expect(entered.statusCode, entered.body).toBe(201);
    expect((await enter(report.id, [{ biomarker: 'vitamin-d', value: 40, unit: 'ng/mL' }])).json().code).toBe('RESULTS_ALREADY_ENTERED');
    expect((await operator.get('/api/admin/outside-reports')).json().waiting.map((row: { id: string }) => row.id)).not.toContain(report.id);
    // an outside result set has no order, and its values are sealed like an order's
    const [set] = await shop.database.db.select().from(labResults).where(eq(labResults.id, entered.json().resultSetId));
    expect(set).toMatchObject({ orderId: null, origin: 'outside', outsideLab: 'Quest Diagnostics', collectedOn: '2026-03-02' });
    expect(set!.ciphertext).not.toContain('vitamin');

    const mail = await mailbox(shop, first.email);
    const told = mail.filter((message) => message.subject === outsideResultWords.emailSubject);
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain('http://shop.test/account/health');
    expect(told[0]!.text).not.toContain('Quest');

    // the record: the outside values on the timeline and on the same trends, each marked with its lab
    const record = (await member.get('/api/account/health-record')).json();
    const outside = record.timeline.find((entry: { origin: string }) => entry.origin === 'outside');
    expect(outside).toMatchObject({
      orderId: null,
      orderNumber: null,
      outsideLab: 'Quest Diagnostics',
      reportedAt: '2026-03-02T12:00:00.000Z',
    });
    expect(record.timeline.filter((entry: { origin: string }) => entry.origin === 'order')).toHaveLength(1);
    const cortisol = record.biomarkers.find((trend: { biomarker: string }) => trend.biomarker === 'cortisol');
    expect(cortisol.measurements.map((point: { outsideLab: string | null; value: number }) => [point.outsideLab, point.value])).toEqual(
      expect.arrayContaining([
        ['Quest Diagnostics', 1.4],
        [null, 0.8],
      ]),
    );
    const vitaminD = record.biomarkers.find((trend: { biomarker: string }) => trend.biomarker === 'vitamin-d');
    expect(vitaminD.measurements).toEqual([expect.objectContaining({ value: 31, outsideLab: 'Quest Diagnostics', orderNumber: null })]);
    expect((await member.get('/api/account/outside-reports')).json().reports[0]).toMatchObject({ status: 'entered' });
    // entered, it is part of the record and can no longer be deleted from the list
    expect((await member.post(`/api/account/outside-reports/${report.id}/delete`, {})).statusCode).toBe(409);

    // the member's data archive holds the file as uploaded and the values entered
    const archive = await member.get('/api/account/my-data.zip');
    expect(archive.statusCode).toBe(200);
    const entries = new Map(readStoredZip(archive.rawPayload).map((entry) => [entry.name, Buffer.from(entry.data)]));
    expect(entries.get('outside/report-1.pdf')?.equals(pdf)).toBe(true);
    const described = JSON.parse(entries.get('outside/outside-results.json')!.toString('utf8'));
    expect(described.resultSets[0]).toMatchObject({ lab: 'Quest Diagnostics', collectedOn: '2026-03-02' });
    expect(described.resultSets[0].results.map((result: { biomarker: string }) => result.biomarker)).toEqual(['vitamin-d', 'cortisol']);

    // another member sees nothing of it, cannot delete it, and a member cannot reach the console's routes
    const other = await consentingMember();
    const theirs = (await other.visitor.get('/api/account/health-record')).json();
    expect(theirs.timeline).toEqual([]);
    expect((await other.visitor.get('/api/account/outside-reports')).json().reports).toEqual([]);
    expect((await other.visitor.post(`/api/account/outside-reports/${report.id}/delete`, {})).statusCode).toBe(404);
    expect((await member.get('/api/admin/outside-reports')).statusCode).toBe(403);
    expect((await member.get(`/api/admin/outside-reports/${report.id}/file`)).statusCode).toBe(403);
  });

  it('refuses a report without its lab, a collection day in the future, no file or a file of another kind, in the member’s words', async () => {
    const { visitor } = await consentingMember();
    const noLab = await upload(visitor, { labName: ' ', collectedOn: '2026-03-02' });
    expect(noLab.statusCode).toBe(400);
    expect(noLab.json().message).toBe(outsideResultWords.labNameMissing);
    const future = await upload(visitor, { labName: 'Labcorp', collectedOn: '2099-01-01' });
    expect(future.json()).toMatchObject({ code: 'OUTSIDE_REPORT_INVALID', message: outsideResultWords.collectedOnFuture });
    expect((await upload(visitor, quest, Buffer.alloc(0))).json().code).toBe('NO_FILE');
    expect((await upload(visitor, quest, Buffer.from('MZ not a report'), 'application/octet-stream')).json().code).toBe(
      'FILE_TYPE_NOT_ACCEPTED',
    );
    expect((await visitor.get('/api/account/outside-reports')).json().reports).toEqual([]);
  });

  it('keeps a report only with the consent to collect health data, in force or ticked with the upload', async () => {
    const { visitor } = await consentingMember();
    // the member withdraws the consent the quiz asked: Base stops collecting new health data from them
    const withdrawn = await visitor.post('/api/account/health-consents/collect_health_data/withdraw');
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect((await visitor.get('/api/account/outside-reports')).json().consentNeeded).toBe(true);
    const before = storedFiles().length;
    const refused = await upload(visitor, quest);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('CONSENT_REQUIRED');
    // refused before the file was read: nothing of it was kept
    expect(storedFiles().length).toBe(before);
    expect((await visitor.get('/api/account/outside-reports')).json().reports).toEqual([]);

    const taken = await upload(visitor, { ...quest, consentVersion: healthDataConsentTexts.collect_health_data.version });
    expect(taken.statusCode, taken.body).toBe(201);
    const userId = (await visitor.get('/api/auth/get-session')).json().user.id as string;
    const consents = await shop.database.db.select().from(healthDataConsents).where(eq(healthDataConsents.userId, userId));
    // the withdrawn one kept as it was, and the one ticked with the upload in force
    expect(consents.filter((consent) => consent.kind === 'collect_health_data' && consent.withdrawnAt === null)).toHaveLength(1);
    expect(consents.filter((consent) => consent.kind === 'collect_health_data')).toHaveLength(2);
    expect((await visitor.get('/api/account/outside-reports')).json().consentNeeded).toBe(false);
  });

  it('lets the member delete a report while it waits, its sealed file with it', async () => {
    const { visitor } = await consentingMember();
    const before = storedFiles().length;
    const report = (await upload(visitor, quest)).json();
    expect(storedFiles().length).toBe(before + 1);
    const deleted = await visitor.post(`/api/account/outside-reports/${report.id}/delete`, {});
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await visitor.get('/api/account/outside-reports')).json().reports).toEqual([]);
    expect(storedFiles().length).toBe(before);
    expect(await shop.database.db.select().from(outsideLabReports).where(eq(outsideLabReports.id, report.id))).toEqual([]);
    // gone, it is no longer in the console's queue nor can staff enter it
    expect((await enter(report.id, [{ biomarker: 'tsh', value: 2, unit: 'mIU/L' }])).statusCode).toBe(404);
  });

  it('is erased with the account: the report, its file and the outside result set', async () => {
    const { visitor } = await consentingMember();
    const userId = (await visitor.get('/api/auth/get-session')).json().user.id as string;
    const before = storedFiles().length;
    const entered = (await upload(visitor, quest)).json();
    expect((await enter(entered.id, [{ biomarker: 'tsh', value: 2, unit: 'mIU/L' }])).statusCode).toBe(201);
    await upload(visitor, { labName: 'Labcorp', collectedOn: '2026-04-01' });
    expect(storedFiles().length).toBe(before + 2);

    const deleted = await visitor.post('/api/account/delete', { password: 'Sup3r-secret!' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await shop.database.db.select().from(outsideLabReports).where(eq(outsideLabReports.userId, userId))).toEqual([]);
    expect(await shop.database.db.select().from(labResults).where(eq(labResults.userId, userId))).toEqual([]);
    expect(storedFiles().length).toBe(before);
  });
});
