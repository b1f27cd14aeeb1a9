import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createClamdScanner, parseScannerAddress } from './malware.ts';
import { createS3Storage } from './s3.ts';
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

describe('the S3-compatible storage', () => {
  it('puts, gets and deletes by path with signed requests, and says when a file is missing', async () => {
    const objects = new Map<string, Buffer>();
    const seen: string[] = [];
    const server = createHttpServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const authorization = String(request.headers.authorization ?? '');
        seen.push(`${request.method} ${request.url} ${authorization.split(' ')[0]}`);
        if (!authorization.includes('Credential=AKID/') || !request.headers['x-amz-content-sha256']) {
          response.writeHead(403).end('<Error><Code>AccessDenied</Code></Error>');
          return;
        }
        const path = request.url ?? '';
        if (request.method === 'PUT') objects.set(path, Buffer.concat(chunks));
        if (request.method === 'DELETE') objects.delete(path);
        if (request.method === 'GET' && !objects.has(path)) {
          response.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
          return;
        }
        response.writeHead(request.method === 'DELETE' ? 204 : 200).end(request.method === 'GET' ? objects.get(path) : undefined);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const config = {
        endpoint: `http://127.0.0.1:${port}`,
        bucket: 'lab-files',
        region: 'us-east-1',
        accessKeyId: 'AKID',
        secretAccessKey: 'secret',
      };
      const storage = createS3Storage(config);
      await storage.put('lab-reports/abc', Buffer.from('sealed'));
      expect((await storage.get('lab-reports/abc')).toString()).toBe('sealed');
      await storage.delete('lab-reports/abc');
      await expect(storage.get('lab-reports/abc')).rejects.toBeInstanceOf(FileMissingError);
      expect(seen[0]).toBe('PUT /lab-files/lab-reports/abc AWS4-HMAC-SHA256');
      const refused = createS3Storage({ ...config, accessKeyId: 'OTHER' });
      await expect(refused.put('lab-reports/x', Buffer.from('y'))).rejects.toThrow('403 AccessDenied');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
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
