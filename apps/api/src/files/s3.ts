import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import { FileMissingError, assertStorageKey, type FileStorage } from './storage.ts';

export interface S3StorageConfig {
  /** the store's address, e.g. https://s3.us-east-1.amazonaws.com or http://127.0.0.1:9000 */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** with temporary credentials (an IAM role's, from STS), the token that goes with them */
  sessionToken?: string;
  /** how many times a 5xx or 429 answer is tried again, with growing random pauses (default 4) */
  retries?: number;
}

const TIMEOUT_MS = 30_000;

/** RFC 3986: everything but unreserved characters escaped, as SigV4 canonicalises a path. */
const uriEncode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Files in an S3-compatible bucket, addressed by path (`{endpoint}/{bucket}/{key}`), which every
 * such store answers. Requests are signed with SigV4 by aws4fetch, the body's hash included (so
 * the store refuses a body changed on the way), and a busy or failing store is asked again.
 */
export function createS3Storage(config: S3StorageConfig): FileStorage {
  const endpoint = new URL(config.endpoint);
  const base = endpoint.pathname.replace(/\/$/, '');
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    sessionToken: config.sessionToken,
    service: 's3',
    region: config.region,
    retries: config.retries ?? 4,
    initRetryMs: 100,
  });
  const send = (method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Uint8Array) => {
    assertStorageKey(key);
    const path = `${base}/${uriEncode(config.bucket)}/${key.split('/').map(uriEncode).join('/')}`;
    return client.fetch(new URL(path, endpoint).toString(), {
      method,
      headers: {
        'x-amz-content-sha256': createHash('sha256')
          .update(body ?? '')
          .digest('hex'),
        ...(body ? { 'content-type': 'application/octet-stream' } : {}),
      },
      ...(body ? { body: Buffer.from(body) } : {}),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  };
  const fail = async (action: string, key: string, response: Response): Promise<never> => {
    const detail = (await response.text()).match(/<Code>([^<]+)<\/Code>/)?.[1] ?? response.statusText;
    throw new Error(`The file store refused to ${action} ${key}: ${response.status} ${detail}`);
  };
  return {
    description: `s3 bucket ${config.bucket} at ${endpoint.origin}`,
    async put(key, bytes) {
      const response = await send('PUT', key, bytes);
      if (!response.ok) await fail('keep', key, response);
      await response.arrayBuffer();
    },
    async get(key) {
      const response = await send('GET', key);
      if (response.status === 404) throw new FileMissingError(key);
      if (!response.ok) await fail('give back', key, response);
      return Buffer.from(await response.arrayBuffer());
    },
    async delete(key) {
      const response = await send('DELETE', key);
      if (!response.ok && response.status !== 404) await fail('delete', key, response);
      await response.arrayBuffer();
    },
  };
}
