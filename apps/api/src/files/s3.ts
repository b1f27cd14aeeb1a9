import { FileMissingError, assertStorageKey, type FileStorage } from './storage.ts';
import { sha256Hex, signRequest, uriEncode, type SigningCredentials } from './s3-signing.ts';

export interface S3StorageConfig extends SigningCredentials {
  /** the store's address, e.g. https://s3.us-east-1.amazonaws.com or http://127.0.0.1:9000 */
  endpoint: string;
  bucket: string;
}

const TIMEOUT_MS = 30_000;

/**
 * Files in an S3-compatible bucket, addressed by path (`{endpoint}/{bucket}/{key}`), which every
 * such store answers; requests are signed with SigV4 and their bodies' hashes.
 */
export function createS3Storage(config: S3StorageConfig, fetchImpl: typeof fetch = fetch): FileStorage {
  const endpoint = new URL(config.endpoint);
  const base = endpoint.pathname.replace(/\/$/, '');
  const send = async (method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Uint8Array) => {
    assertStorageKey(key);
    const path = `${base}/${uriEncode(config.bucket)}/${key.split('/').map(uriEncode).join('/')}`;
    const headers = signRequest(config, {
      method,
      host: endpoint.host,
      path,
      payloadHash: sha256Hex(body ?? ''),
      headers: body ? { 'content-type': 'application/octet-stream' } : {},
      at: new Date(),
    });
    return fetchImpl(new URL(path, endpoint), {
      method,
      headers,
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
