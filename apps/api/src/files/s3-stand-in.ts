import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sha256Hex, signRequest, type SigningCredentials } from './sigv4.ts';

export interface S3StandInOptions extends SigningCredentials {
  /** temporary credentials' token the requests must carry, as STS hands out with an IAM role's keys */
  sessionToken?: string;
}

export interface S3StandIn {
  endpoint: string;
  /** what each request was and how it was answered, e.g. `PUT /bucket/key 200` */
  requests: string[];
  /** the next N requests are answered 503 SlowDown, as a store does under load */
  failNext(count: number): void;
  close(): Promise<void>;
}

const amzDatePattern = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;

/**
 * A small S3-compatible store on loopback for development and tests: objects in memory by path,
 * and every request's SigV4 signature recomputed from what arrived (the signed headers, the body's
 * hash, the session token), so a request the real store would refuse is refused here too.
 */
export async function startS3StandIn(options: S3StandInOptions): Promise<S3StandIn> {
  const objects = new Map<string, Buffer>();
  const requests: string[] = [];
  let failing = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = request.url ?? '/';
      const answer = (status: number, payload?: Buffer | string) => {
        requests.push(`${request.method} ${path} ${status}`);
        response.writeHead(status).end(payload);
      };
      if (failing > 0) {
        failing -= 1;
        return answer(503, '<Error><Code>SlowDown</Code></Error>');
      }
      const refusal = signatureRefusal(request, body, options);
      if (refusal) return answer(403, `<Error><Code>${refusal}</Code></Error>`);
      if (request.method === 'PUT') {
        objects.set(path, body);
        return answer(200);
      }
      if (request.method === 'DELETE') {
        objects.delete(path);
        return answer(204);
      }
      const object = objects.get(path);
      return object ? answer(200, object) : answer(404, '<Error><Code>NoSuchKey</Code></Error>');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    requests,
    failNext: (count) => {
      failing = count;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Why the store would refuse this request's signature, or null when it is good. */
function signatureRefusal(request: IncomingMessage, body: Buffer, options: S3StandInOptions): string | null {
  const authorization = String(request.headers.authorization ?? '');
  const parts =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
  if (!parts) return 'AccessDenied';
  const [, accessKeyId, , region, signedHeaders] = parts;
  if (accessKeyId !== options.accessKeyId || region !== options.region) return 'InvalidAccessKeyId';
  if (options.sessionToken && request.headers['x-amz-security-token'] !== options.sessionToken) return 'InvalidToken';
  const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256Hex(body)) return 'XAmzContentSHA256Mismatch';
  const date = amzDatePattern.exec(String(request.headers['x-amz-date'] ?? ''));
  if (!date) return 'AccessDenied';
  const [, year, month, day, hour, minute, second] = date;
  const signed: Record<string, string> = {};
  for (const name of signedHeaders!.split(';')) {
    if (name !== 'host' && name !== 'x-amz-date' && name !== 'x-amz-content-sha256') signed[name] = String(request.headers[name] ?? '');
  }
  const url = new URL(request.url ?? '/', 'http://stand-in');
  const expected = signRequest(options, {
    method: request.method ?? 'GET',
    host: String(request.headers.host ?? ''),
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers: signed,
    payloadHash,
    at: new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}Z`),
  });
  return expected.authorization === authorization.replace(/, /g, ',') ? null : 'SignatureDoesNotMatch';
}
