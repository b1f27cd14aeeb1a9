import { describe, expect, it } from 'vitest';
import { amzDate, sha256Hex, signRequest, uriEncode } from './sigv4.ts';

// The worked example of Amazon's S3 documentation ("Signature Calculations for the Authorization
// Header", GET Object): its published credentials, request and resulting signature.
const example = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
};

describe('SigV4 for S3', () => {
  it('signs the documented GET Object example to its published signature', () => {
    const headers = signRequest(example, {
      method: 'GET',
      host: 'examplebucket.s3.amazonaws.com',
      path: '/test.txt',
      headers: { range: 'bytes=0-9' },
      payloadHash: sha256Hex(''),
      at: new Date('2013-05-24T00:00:00Z'),
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(headers['x-amz-date']).toBe('20130524T000000Z');
    expect(headers).not.toHaveProperty('host');
  });

  it('changes the signature when anything signed changes', () => {
    const base = { method: 'PUT', host: 'h', path: '/b/k', payloadHash: sha256Hex('a'), at: new Date('2026-01-01T00:00:00Z') };
    const signature = (request: typeof base) => signRequest(example, request).authorization;
    expect(signature(base)).not.toBe(signature({ ...base, payloadHash: sha256Hex('b') }));
    expect(signature(base)).not.toBe(signature({ ...base, path: '/b/other' }));
  });

  it('encodes as RFC 3986 and dates as SigV4 does', () => {
    expect(uriEncode("a b!'()*~")).toBe('a%20b%21%27%28%29%2A~');
    expect(amzDate(new Date('2026-11-27T08:05:09.123Z'))).toBe('20261127T080509Z');
  });
});
