import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClamdScanner, parseScannerAddress } from './malware.ts';
import { createS3Storage, type S3StorageConfig } from './s3.ts';
import { startS3StandIn, type S3StandIn } from './s3-stand-in.ts';
import { createFolderStorage, FileMissingError, newStorageKey } from './storage.ts';

const folder = mkdtempSync(join(tmpdir(), 'shop-files-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('the folder storage', () => {
  const storage = createFolderStorage(folder);

  it('keeps, gives back and deletes a file under its key, leaving no temporary file', async () => {
    const key = newStorageKey('lab-reports');
    await storage.put(key, Buffer.from('sealed bytes'));
    expect((await storage.get(key)).toString()).toBe('sealed bytes');
    expect(readdirSync(join(folder, 'lab-reports'))).toEqual([key.split('/')[1]]);
    await storage.delete(key);
    await expect(storage.get(key)).rejects.toBeInstanceOf(FileMissingError);
    await storage.delete(key);
  });

  it('refuses a key that would climb out of its folder', async () => {
    await expect(storage.put('../escape', Buffer.from('x'))).rejects.toThrow('Not a storage key');
    await expect(storage.get('/etc/passwd')).rejects.toThrow('Not a storage key');
  });
});

describe('the S3-compatible storage, against the local stand-in that checks every signature', () => {
  const credentials = { region: 'us-east-1', accessKeyId: 'AKID', secretAccessKey: 'secret' };
  let standIn: S3StandIn;
  beforeAll(async () => {
    standIn = await startS3StandIn({ ...credentials, sessionToken: 'session-token-from-sts' });
  });
  afterAll(() => standIn.close());
  const storage = (overrides: Partial<S3StorageConfig> = {}) =>
    createS3Storage({
      endpoint: standIn.endpoint,
      bucket: 'lab-files',
      sessionToken: 'session-token-from-sts',
      ...credentials,
      ...overrides,
    });

  it('puts, gets and deletes by path with signed requests, and says when a file is missing', async () => {
    standIn.requests.length = 0;
    await storage().put('lab-reports/abc', Buffer.from('sealed'));
    expect((await storage().get('lab-reports/abc')).toString()).toBe('sealed');
    await storage().delete('lab-reports/abc');
    await expect(storage().get('lab-reports/abc')).rejects.toBeInstanceOf(FileMissingError);
    expect(standIn.requests).toEqual([
      'PUT /lab-files/lab-reports/abc 200',
      'GET /lab-files/lab-reports/abc 200',
      'DELETE /lab-files/lab-reports/abc 204',
      'GET /lab-files/lab-reports/abc 404',
    ]);
  });

  it('is refused with another key, another secret or without the session token', async () => {
    await expect(storage({ accessKeyId: 'OTHER' }).put('lab-reports/x', Buffer.from('y'))).rejects.toThrow('403 InvalidAccessKeyId');
    await expect(storage({ secretAccessKey: 'wrong' }).put('lab-reports/x', Buffer.from('y'))).rejects.toThrow('403 SignatureDoesNotMatch');
    await expect(storage({ sessionToken: undefined }).put('lab-reports/x', Buffer.from('y'))).rejects.toThrow('403 InvalidToken');
  });

  it('asks a busy store again, and gives up after its retries', async () => {
    standIn.failNext(2);
    await storage().put('lab-reports/busy', Buffer.from('kept'));
    expect((await storage().get('lab-reports/busy')).toString()).toBe('kept');
    standIn.failNext(10);
    await expect(storage({ retries: 2 }).put('lab-reports/busier', Buffer.from('no'))).rejects.toThrow('503 SlowDown');
    standIn.failNext(0);
  });
});

describe('the clamd scanner', () => {
  /** A stand-in for clamd speaking INSTREAM: it reads the chunks and finds "EICAR" in the stream. */
  async function fakeClamd() {
    const received: Buffer[] = [];
    const server = createServer((socket) => {
      let buffer = Buffer.alloc(0);
      socket.on('data', (chunk) => {
        buffer = Buffer.concat([buffer, chunk]);
        if (!buffer.subarray(0, 10).equals(Buffer.from('zINSTREAM\0'))) return;
        let offset = 10;
        const parts: Buffer[] = [];
        while (offset + 4 <= buffer.length) {
          const length = buffer.readUInt32BE(offset);
          if (length === 0) {
            const file = Buffer.concat(parts);
            received.push(file);
            socket.end(file.includes('EICAR') ? 'stream: Eicar-Test-Signature FOUND\0' : 'stream: OK\0');
            return;
          }
          if (offset + 4 + length > buffer.length) return;
          parts.push(buffer.subarray(offset + 4, offset + 4 + length));
          offset += 4 + length;
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { server, received, port: (server.address() as AddressInfo).port };
  }

  it('streams the file in chunks and reads the verdict', async () => {
    const clamd = await fakeClamd();
    try {
      const scanner = createClamdScanner({ host: '127.0.0.1', port: clamd.port });
      const large = Buffer.alloc(200 * 1024, 1);
      expect(await scanner.scan(large)).toEqual({ clean: true });
      expect(clamd.received[0]?.equals(large)).toBe(true);
      expect(await scanner.scan(Buffer.from('X5O!P%@AP EICAR test'))).toEqual({ clean: false, found: 'Eicar-Test-Signature' });
    } finally {
      await new Promise((resolve) => clamd.server.close(resolve));
    }
  });

  it('fails loudly when no scanner answers, so nothing unscanned is kept', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    await expect(createClamdScanner({ host: '127.0.0.1', port }).scan(Buffer.from('x'))).rejects.toThrow();
  });

  it('reads host:port', () => {
    expect(parseScannerAddress('127.0.0.1:3310')).toEqual({ host: '127.0.0.1', port: 3310 });
    expect(parseScannerAddress('[::1]:3310')).toEqual({ host: '::1', port: 3310 });
    expect(parseScannerAddress('clamd')).toBeNull();
    expect(parseScannerAddress('clamd:70000')).toBeNull();
  });
});
