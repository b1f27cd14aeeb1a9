import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { emailOutbox, jobs } from '@shop/db';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { programBilledEmail } from '../src/email/lifecycle-templates.ts';
import { passwordResetEmail } from '../src/email/templates.ts';
import { coachingBookedEmail } from '../src/email/coaching-templates.ts';
import { enqueueEmail } from '../src/email/queue.ts';
import { createTestShop, staffVisitor, type TestShop } from './helpers.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** Undoes quoted-printable: soft line breaks and =XX bytes. */
function decodeQuotedPrintable(body: string): string {
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The decoded body of the MIME part of the given content type. */
function part(raw: string, type: 'text/plain' | 'text/html'): string {
  const start = raw.indexOf(`Content-Type: ${type}`);
  if (start < 0) throw new Error(`no ${type} part`);
  const headersEnd = raw.indexOf('\r\n\r\n', start);
  const headers = raw.slice(start, headersEnd);
  const end = raw.indexOf('\r\n--', headersEnd);
  const body = raw.slice(headersEnd + 4, end);
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headers)) return decodeQuotedPrintable(body);
  if (/Content-Transfer-Encoding: base64/i.test(headers)) return Buffer.from(body, 'base64').toString('utf8');
  return body;
}

// With SMTP_URL set, the worker's `email.send` goes through a real SMTP conversation: a local
// server on loopback receives it.
describe('e-mail through SMTP from the job worker', () => {
  const received: Received[] = [];
  let refusing = true;
  let server: SMTPServer;
  let shop: TestShop;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      disableReverseLookup: true,
      logger: false,
      onRcptTo(address, _session, callback) {
        // a mailbox that is down until the test lets it take mail
        if (address.address === 'down@example.com' && refusing)
          callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 450 }));
        else callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((address) => address.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    shop = await createTestShop({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, EMAIL_FROM: 'Base <hello@shop.test>' } });
  });
  afterAll(async () => {
    await shop.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers the text and HTML of the e-mail once, even when the job runs again', async () => {
    const message = programBilledEmail({
      to: 'ann@example.com',
      orderNumber: 100777,
      amountCents: 14_005,
      chargedAt: new Date('2026-11-20T15:00:00Z'),
      card: { brand: 'visa', last4: '4242' },
    });
    await enqueueEmail(shop.database.db, message, 'smtp-test');
    await shop.app.jobs.runDueJobs();

    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.from).toBe('hello@shop.test');
    expect(mail.to).toEqual(['ann@example.com']);
    expect(mail.raw).toMatch(/^Subject: Your Base receipt: Improvement Program \(order 100777\)\r?$/m);
    const [job] = await shop.database.db.select().from(jobs).where(eq(jobs.singletonKey, 'smtp-test'));
    expect(mail.raw).toContain(`Message-ID: <${job!.id}@shop.test>`);

    const text = part(mail.raw, 'text/plain');
    expect(text).toContain('Amount charged: $140.05');
    expect(text).toContain('Paid with: Visa ending in 4242');
    expect(text).toContain('Date: November 20, 2026');
    expect(text).toContain('— The Base team');
    const html = part(mail.raw, 'text/html');
    expect(html).toContain('<p style="font-size:16px;line-height:1.5">Amount charged: $140.05</p>');
    expect(html).toContain('HSA or FSA');

    const rows = await shop.database.db.select().from(emailOutbox).where(eq(emailOutbox.jobId, job!.id));
    expect(rows.map((row) => row.status)).toEqual(['sent']);
    // with SMTP the outbox is a log of what went to whom, and the job keeps no body either
    expect(rows[0]).toMatchObject({ toAddress: 'ann@example.com', template: 'program-billed', text: null, html: null, sealed: null });
    const [done] = await shop.database.db.select().from(jobs).where(eq(jobs.id, job!.id));
    expect(done!.payload).toEqual({
      to: 'ann@example.com',
      subject: 'Your Base receipt: Improvement Program (order 100777)',
      template: 'program-billed',
    });

    // the worker died before marking the job done: run again, nothing is sent twice
    await shop.database.db
      .update(jobs)
      .set({ status: 'queued', runAt: new Date(0) })
      .where(eq(jobs.id, job!.id));
    await shop.app.jobs.runDueJobs();
    expect(received).toHaveLength(1);
    expect((await shop.database.db.select().from(jobs).where(eq(jobs.id, job!.id)))[0]?.status).toBe('done');
  });

  it('sends a reset link whole and keeps nothing of it: not in the outbox, not in the job', async () => {
    const link = 'http://localhost:3000/new-password?token=smtp-secret-token-123456';
    await enqueueEmail(shop.database.db, shop.app.emailSecrets.seal(passwordResetEmail('bo@example.com', link, 60)), 'smtp-reset');
    const [queued] = await shop.database.db.select().from(jobs).where(eq(jobs.singletonKey, 'smtp-reset'));
    expect(JSON.stringify(queued!.payload)).not.toContain('smtp-secret-token');
    await shop.app.jobs.runDueJobs();

    const mail = received.find((each) => each.to.includes('bo@example.com'));
    expect(part(mail!.raw, 'text/plain')).toContain(link);
    const rows = await shop.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'bo@example.com'));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain('smtp-secret-token');
    const [done] = await shop.database.db.select().from(jobs).where(eq(jobs.id, queued!.id));
    expect(done!.status).toBe('done');
    expect(JSON.stringify(done)).not.toContain('smtp-secret-token');
  });

  it('attaches a session’s calendar invitation, and the job keeps no copy of it once sent', async () => {
    const message = coachingBookedEmail({
      to: 'cy@example.com',
      startsAt: new Date('2026-12-01T15:00:00Z'),
      endsAt: new Date('2026-12-01T15:30:00Z'),
      coachName: 'Dana',
      accountUrl: 'http://shop.test/account/coaching',
      meetingUrl: 'http://shop.test/meet/AAAAAAAAAAAAAAAAAAAAAA',
      invitation: {
        uid: 'coaching-1@shop.test',
        sequence: 0,
        stamp: new Date('2026-11-20T15:00:00Z'),
        organizer: { name: 'Base', email: 'hello@shop.test' },
        attendee: { name: 'Cy', email: 'cy@example.com' },
      },
    });
    await enqueueEmail(shop.database.db, message, 'smtp-coaching');
    await shop.app.jobs.runDueJobs();

    const mail = received.find((each) => each.to.includes('cy@example.com'))!;
    expect(mail.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/);
    expect(mail.raw).toMatch(/filename=health-coach-session\.ics/);
    const start = mail.raw.indexOf('Content-Type: text/calendar');
    const headersEnd = mail.raw.indexOf('\r\n\r\n', start);
    const body = mail.raw.slice(headersEnd + 4, mail.raw.indexOf('\r\n--', headersEnd));
    const ics = /base64/i.test(mail.raw.slice(start, headersEnd))
      ? Buffer.from(body, 'base64').toString('utf8')
      : decodeQuotedPrintable(body);
    expect(ics).toContain('DTSTART:20261201T150000Z\r\n');
    expect(ics).toContain('UID:coaching-1@shop.test\r\n');

    const [done] = await shop.database.db.select().from(jobs).where(eq(jobs.singletonKey, 'smtp-coaching'));
    expect(Object.keys(done!.payload as object).sort()).toEqual(['subject', 'template', 'to']);
    const rows = await shop.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'cy@example.com'));
    expect(rows[0]).toMatchObject({ status: 'sent', attachments: null, text: null });
  });

  it('shows an e-mail tried several times as one line of the outbox, with its attempts', async () => {
    await enqueueEmail(
      shop.database.db,
      shop.app.emailSecrets.seal(passwordResetEmail('down@example.com', 'http://localhost:3000/new-password?token=t', 60)),
      'smtp-down',
    );
    const [job] = await shop.database.db.select().from(jobs).where(eq(jobs.singletonKey, 'smtp-down'));
    const runAgainNow = () =>
      shop.database.db
        .update(jobs)
        .set({ runAt: new Date(0) })
        .where(eq(jobs.id, job!.id));
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await shop.app.jobs.runDueJobs();
      await runAgainNow();
    }
    refusing = false;
    await shop.app.jobs.runDueJobs();
    const rows = await shop.database.db.select().from(emailOutbox).where(eq(emailOutbox.jobId, job!.id));
    expect(rows.map((row) => row.status).sort()).toEqual(['failed', 'failed', 'failed', 'sent']);

    const operator = await staffVisitor(shop, 'operator');
    const outbox = (await operator.get('/api/admin/outbox?to=down@example.com')).json();
    expect(outbox.emails).toHaveLength(1);
    expect(outbox.emails[0]).toMatchObject({ status: 'sent', attempts: 4, subject: 'Reset your Base password' });
    expect(Date.parse(outbox.emails[0].firstAttemptAt)).toBeLessThan(Date.parse(outbox.emails[0].createdAt));
  });
});
