import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 for S3's REST API, as every S3-compatible store (AWS, MinIO, Ceph, R2)
 * checks it: the request's method, path, query, signed headers and payload hash, signed with a
 * key derived from the secret, the day, the region and the service. The shop signs with aws4fetch
 * (s3.ts); this independent implementation, checked against Amazon's published example, is the
 * local stand-in's (s3-stand-in.ts) way of checking what aws4fetch sends.
 */
export interface SigningCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

export interface RequestToSign {
  method: string;
  /** the URL's host as sent (with its port when not the default) */
  host: string;
  /** the path, each segment already URI-encoded */
  path: string;
  /** query parameters, unencoded */
  query?: Record<string, string>;
  /** headers to sign besides host, x-amz-date and x-amz-content-sha256 */
  headers?: Record<string, string>;
  /** the hex SHA-256 of the body, or UNSIGNED-PAYLOAD */
  payloadHash: string;
  /** the time of the request */
  at: Date;
}

export const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** RFC 3986 encoding, as SigV4 wants it: everything but unreserved characters is escaped. */
export function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** `20130524T000000Z` */
export function amzDate(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** The headers to send with the request: the signed ones and the Authorization that signs them. */
export function signRequest(credentials: SigningCredentials, request: RequestToSign): Record<string, string> {
  const timestamp = amzDate(request.at);
  const day = timestamp.slice(0, 8);
  const headers: Record<string, string> = {
    host: request.host,
    'x-amz-content-sha256': request.payloadHash,
    'x-amz-date': timestamp,
  };
  for (const [name, value] of Object.entries(request.headers ?? {})) headers[name.toLowerCase()] = value.trim();
  const names = Object.keys(headers).sort();
  const canonicalQuery = Object.entries(request.query ?? {})
    .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonicalRequest = [
    request.method,
    request.path,
    canonicalQuery,
    names.map((name) => `${name}:${headers[name]}\n`).join(''),
    names.join(';'),
    request.payloadHash,
  ].join('\n');
  const scope = `${day}/${credentials.region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', timestamp, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), credentials.region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
  const { host: _host, ...sent } = headers;
  return {
    ...sent,
    authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope},SignedHeaders=${names.join(';')},Signature=${signature}`,
  };
}
