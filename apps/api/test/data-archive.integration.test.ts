import { and, eq } from 'drizzle-orm';
import { dataArchiveMessages, dataArchiveRule } from '@shop/core';
import { auditLog, dataArchives, jobs } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileMissingError } from '../src/files/storage.ts';
import { resealEverything } from '../src/keys/reseal.ts';
import { archiveContext } from '../src/my-data/archives.ts';
import { readStoredZip } from '../src/my-data/zip.ts';
import { createResultsCipher } from '../src/results/crypto.ts';
import { applyRetention, retention } from '../src/retention/schedule.ts';
import { reportPdf } from './handmade-pdf.ts';
import { createTestShop, customerWithCart, mailbox, uniqueEmail, Visitor, type TestShop, placeOrder } from './helpers.ts';

// docs/decisions/0075-what-deleting-an-account-keeps.md, "A large archive": past the threshold the
// archive is prepared by the worker, sealed in the file storage and e-mailed as a link that only
// its owner, signed in, opens until it expires; retention and the account's deletion remove it.
//
// The threshold is lowered to the archive's base estimate (its JSON alone), so a member with one
// small uploaded lab report is above it, and one without uploads below, without large files.
let shop: TestShop;
const db = () => shop.database.db;
const day = 24 * 3600 * 1000;
const keyA = Buffer.alloc(32, 21);
const keyB = Buffer.alloc(32, 22);

beforeAll(async () => {
  shop = await createTestShop({
    env: {
      PUBLIC_URL: 'http://shop.test',
      DATA_ARCHIVE_IMMEDIATE_MAX_BYTES: String(dataArchiveRule.baseBytes),
      RESULTS_ENCRYPTION_KEY: keyA.toString('base64'),
    },
  });
});
afterAll(() => shop.close());

const upload = reportPdf('Ferritin 12 ng/mL, archived');

/** A member with a nutritional plan and its lab report uploaded: above the lowered threshold. */
async function memberWithUpload() {
  const email = uniqueEmail('archive');
  const visitor = await customerWithCart(shop.app, email);
  const added = await visitor.post('/api/cart/items', { productCode: 'nutritional-plan' });
  expect(added.statusCode, added.body).toBe(200);
  const placed = await placeOrder(visitor);
  expect(placed.statusCode, placed.body).toBe(201);
  const { id: orderId, number } = placed.json().order as { id: string; number: number };
  const uploaded = await visitor.request({
    method: 'POST',
    url: `/api/account/nutritional-plans/${orderId}/files`,
    payload: upload,
    headers: { 'content-type': 'application/pdf' },
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  await shop.app.jobs.runDueJobs();
  const userId = (await visitor.get('/api/auth/get-session')).json().user.id as string;
  return { visitor, email, userId, number };
}

/** Asks for the archive, runs the worker, and answers the link the e-mail carries. */
async function preparedArchive(member: { visitor: Visitor; email: string }) {
  const asked = await member.visitor.post('/api/account/my-data/archives');
  expect(asked.statusCode, asked.body).toBe(202);
  const id = asked.json().archive.id as string;
  const mail = (await mailbox(shop, member.email)).find((message) => message.text.includes(`/account/my-data/archives/${id}`));
  expect(mail?.subject).toBe('Your Base data archive is ready');
  return id;
}

const rowOf = async (id: string) => (await db().select().from(dataArchives).where(eq(dataArchives.id, id)))[0];

describe('a data archive too large to build while the member waits', () => {
  it('stays an immediate download below the threshold', async () => {
    const visitor = await customerWithCart(shop.app);
    expect((await visitor.get('/api/account/my-data/archive')).json()).toMatchObject({ delivery: 'immediate', latest: null });
    const response = await visitor.get('/api/account/my-data.zip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(await db().select().from(dataArchives)).toHaveLength(0);
  });

  it('answers 202, is built by the worker, sealed in the storage, e-mailed as a link, and downloaded by its owner alone; audited', async () => {
    const { visitor, email, userId, number } = await memberWithUpload();
    expect((await visitor.get('/api/account/my-data/archive')).json()).toMatchObject({ delivery: 'emailed', linkDays: 7, latest: null });

    const asked = await visitor.get('/api/account/my-data.zip');
    expect(asked.statusCode, asked.body.slice(0, 300)).toBe(202);
    expect(asked.json()).toMatchObject({ message: dataArchiveMessages.preparing, archive: { status: 'preparing', downloadUrl: null } });
    const id = asked.json().archive.id as string;
    // asking again while it is prepared is the same archive, and one job
    const again = await visitor.post('/api/account/my-data/archives');
    expect(again.statusCode).toBe(202);
    expect(again.json().archive.id).toBe(id);
    const queued = await db().select().from(jobs).where(eq(jobs.name, 'data_archive.build'));
    expect(queued.map((job) => job.payload)).toEqual([{ archiveId: id, userId }]);
    expect((await visitor.get(`/api/account/my-data/archives/${id}/archive.zip`)).json().code).toBe('DATA_ARCHIVE_NOT_READY');

    const [mail] = (await mailbox(shop, email)).filter((message) => message.subject === 'Your Base data archive is ready');
    const link = /http:\/\/shop\.test\/account\/my-data\/archives\/[\w-]+/.exec(mail!.text)?.[0];
    expect(link).toBe(`http://shop.test/account/my-data/archives/${id}`);
    expect(mail!.text).toContain(`works for ${dataArchiveRule.linkDays} days`);

    const view = await visitor.get(`/api/account/my-data/archives/${id}`);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({ id, status: 'ready', downloadUrl: `/api/account/my-data/archives/${id}/archive.zip` });
    const row = await rowOf(id);
    expect(row!.expiresAt!.getTime() - row!.finishedAt!.getTime()).toBe(dataArchiveRule.linkDays * day);
    // what the storage holds opens with the shop's key only: no ZIP, no PDF in it
    const stored = await shop.app.files.storage.get(row!.storageKey!);
    expect(stored.subarray(0, 4).toString('hex')).not.toBe('504b0304');
    expect(stored.includes(Buffer.from('%PDF'))).toBe(false);

    const download = await visitor.get(view.json().downloadUrl);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="base-my-data-\d{4}-\d\d-\d\d\.zip"$/);
    const entries = readStoredZip(download.rawPayload);
    expect(entries.map((entry) => entry.name)).toEqual([
      'README.txt',
      'account.json',
      'profile.json',
      'quiz-answers.json',
      'orders.json',
      'consents.json',
      'subscriptions.json',
      'coaching.json',
      'food-log.json',
      'support.json',
      `plans/order-${number}-plan.json`,
      `plans/order-${number}-upload-1.pdf`,
      'results-reads.json',
    ]);
    expect(Buffer.from(entries.find((entry) => entry.name.endsWith('upload-1.pdf'))!.data).equals(upload)).toBe(true);
    expect(JSON.parse(Buffer.from(entries[1]!.data).toString())).toMatchObject({ id: userId, email });

    const audit = await db().select().from(auditLog).where(eq(auditLog.subjectId, userId));
    expect(audit.find((line) => line.action === 'account.export_prepared')?.detail).toMatchObject({ archive: id, uploads: 1 });
    const downloads = audit.filter((line) => line.action === 'account.export');
    expect(downloads.map((line) => line.detail)).toEqual([{ archive: id, bytes: download.rawPayload.length, prepared: true }]);
    expect(downloads[0]).toMatchObject({ actorId: userId, actorRole: 'customer' });

    // another member, a made-up id, a stranger
    const other = await customerWithCart(shop.app);
    for (const url of [`/api/account/my-data/archives/${id}`, `/api/account/my-data/archives/${id}/archive.zip`]) {
      const refused = await other.get(url);
      expect(refused.statusCode, url).toBe(404);
      expect(refused.json()).toEqual({ code: 'DATA_ARCHIVE_NOT_FOUND', message: dataArchiveMessages.notFound });
      expect((await new Visitor(shop.app).get(url)).statusCode, url).toBe(401);
    }
    expect((await visitor.get(`/api/account/my-data/archives/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await visitor.get('/api/account/my-data/archives/not-an-id')).statusCode).toBe(404);
    expect((await other.get('/api/account/my-data/archive')).json()).toMatchObject({ latest: null });
    expect((await visitor.get('/api/account/my-data/archive')).json().latest).toMatchObject({ id, status: 'ready' });
  }, 120_000);

  it('once expired answers 410 saying what to do; retention removes its file at once and its row a month later', async () => {
    const member = await memberWithUpload();
    const id = await preparedArchive(member);
    const { storageKey } = (await rowOf(id))!;
    await db()
      .update(dataArchives)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dataArchives.id, id));
    for (const url of [`/api/account/my-data/archives/${id}`, `/api/account/my-data/archives/${id}/archive.zip`]) {
      const expired = await member.visitor.get(url);
      expect(expired.statusCode, url).toBe(410);
      expect(expired.json()).toEqual({ code: 'DATA_ARCHIVE_EXPIRED', message: dataArchiveMessages.expired });
    }
    // the page's state no longer offers it
    expect((await member.visitor.get('/api/account/my-data/archive')).json().latest).toBeNull();

    const now = new Date();
    const pass = await applyRetention(db(), shop.app.files.storage, now);
    expect(pass.dataArchiveFiles).toBeGreaterThanOrEqual(1);
    await expect(shop.app.files.storage.get(storageKey!)).rejects.toBeInstanceOf(FileMissingError);
    expect(await rowOf(id)).toMatchObject({ status: 'expired', storageKey: null, keyId: null });
    expect((await member.visitor.get(`/api/account/my-data/archives/${id}`)).statusCode).toBe(410);

    // a day short of the month the row stays, then it goes
    await applyRetention(db(), shop.app.files.storage, new Date(now.getTime() + retention.dataArchiveRows - day));
    expect(await rowOf(id)).toBeDefined();
    await applyRetention(db(), shop.app.files.storage, new Date(now.getTime() + retention.dataArchiveRows + 1000));
    expect(await rowOf(id)).toBeUndefined();
    expect((await member.visitor.get(`/api/account/my-data/archives/${id}`)).statusCode).toBe(404);
  }, 120_000);

  it('moves to the new key when the results key is rotated, as uploads do', async () => {
    const member = await memberWithUpload();
    const id = await preparedArchive(member);
    const before = (await rowOf(id))!;
    const rotated = createResultsCipher(keyB, [keyA]);
    const counts = await resealEverything({ db: db(), cipher: rotated, authSecret: 'x'.repeat(32), storage: shop.app.files.storage });
    expect(counts.archives).toBeGreaterThanOrEqual(1);
    const after = (await rowOf(id))!;
    expect(after.keyId).toBe(rotated.keyId);
    expect(after.keyId).not.toBe(before.keyId);
    const opened = createResultsCipher(keyB).openBytes(
      after.keyId!,
      await shop.app.files.storage.get(after.storageKey!),
      archiveContext(id),
    );
    expect(readStoredZip(opened).some((entry) => entry.name.endsWith('-upload-1.pdf'))).toBe(true);
    // and back, for the shop (which knows key A alone) and the tests that follow
    const back = createResultsCipher(keyA, [keyB]);
    await resealEverything({ db: db(), cipher: back, authSecret: 'x'.repeat(32), storage: shop.app.files.storage });
    expect((await member.visitor.get(`/api/account/my-data/archives/${id}/archive.zip`)).statusCode).toBe(200);
  });

  it('goes with the account: a ready archive’s row and file, and one still being prepared with its job', async () => {
    const member = await memberWithUpload();
    const ready = await preparedArchive(member);
    const { storageKey } = (await rowOf(ready))!;
    const asked = await member.visitor.post('/api/account/my-data/archives');
    expect(asked.statusCode).toBe(202);
    const preparing = asked.json().archive.id as string;
    expect(preparing).not.toBe(ready);

    const deleted = await member.visitor.post('/api/account/delete', { password: 'Sup3r-secret!' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await db().select().from(dataArchives).where(eq(dataArchives.userId, member.userId))).toEqual([]);
    await expect(shop.app.files.storage.get(storageKey!)).rejects.toBeInstanceOf(FileMissingError);
    const build = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, 'data_archive.build'), eq(jobs.status, 'queued')));
    expect(build.filter((job) => JSON.stringify(job.payload).includes(preparing))).toEqual([]);
    const [erased] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.erase'), eq(auditLog.subjectId, member.userId)));
    expect(erased?.detail).toMatchObject({ dataArchives: 2 });
  }, 120_000);

  it('is marked failed after its last try, and asking again makes a new one', async () => {
    const member = await memberWithUpload();
    const storage = shop.app.files.storage;
    const put = storage.put.bind(storage);
    storage.put = () => Promise.reject(new Error('the file storage is unreachable'));
    let id: string;
    try {
      id = (await member.visitor.post('/api/account/my-data/archives')).json().archive.id as string;
      for (const hours of [1, 2, 3]) {
        const ran = await shop.app.jobs.runDueJobs({
          now: new Date(Date.now() + hours * 3600_000),
          only: { name: 'data_archive.build', payload: { archiveId: id } },
        });
        expect(ran, `try ${hours}`).toBe(1);
        // every try but the last leaves it being prepared
        expect((await rowOf(id))?.status).toBe(hours < 3 ? 'preparing' : 'failed');
      }
    } finally {
      storage.put = put;
    }
    expect((await member.visitor.get('/api/account/my-data/archive')).json().latest).toMatchObject({ id, status: 'failed' });
    const refused = await member.visitor.get(`/api/account/my-data/archives/${id}/archive.zip`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'DATA_ARCHIVE_FAILED', message: dataArchiveMessages.failed });
    const again = await member.visitor.post('/api/account/my-data/archives');
    expect(again.json().archive).toMatchObject({ status: 'preparing' });
    expect(again.json().archive.id).not.toBe(id);
  });

  it('a build whose archive went meanwhile stores nothing and sends nothing', async () => {
    const member = await memberWithUpload();
    const asked = await member.visitor.post('/api/account/my-data/archives');
    const id = asked.json().archive.id as string;
    await db().delete(dataArchives).where(eq(dataArchives.id, id));
    await shop.app.jobs.runDueJobs();
    const mails = await mailbox(shop, member.email);
    expect(mails.filter((message) => message.subject === 'Your Base data archive is ready')).toEqual([]);
    const [job] = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.singletonKey, `data-archive:${id}`));
    expect(job?.status).toBe('done');
  });
});
