import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newSigningSecret, signWebhook, verifyWebhook } from './webhook-signature.ts';
import { endpointAddressRefusal, isPrivateAddress } from './webhook-address.ts';

describe('a clinic webhook’s signature', () => {
  const secret = 'whsec_test-secret';
  const body = JSON.stringify({ id: 'e1', type: 'order.paid', data: { orderId: 'o1' } });
  const timestamp = 1_795_000_000;
  const now = new Date(timestamp * 1000);

  it('is HMAC-SHA256 over `timestamp.body`, in hex, prefixed v1=', () => {
    const expected = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
    expect(signWebhook(secret, timestamp, body)).toBe(`v1=${expected}`);
  });

  it('verifies with the same secret, body and a recent timestamp', () => {
    const signature = signWebhook(secret, timestamp, body);
    expect(verifyWebhook(secret, { timestamp: String(timestamp), signature }, body, now)).toBe(true);
  });

  it('fails for another secret, a changed body, a changed timestamp or an old request', () => {
    const signature = signWebhook(secret, timestamp, body);
    expect(verifyWebhook('whsec_other', { timestamp: String(timestamp), signature }, body, now)).toBe(false);
    expect(verifyWebhook(secret, { timestamp: String(timestamp), signature }, body.replace('o1', 'o2'), now)).toBe(false);
    expect(verifyWebhook(secret, { timestamp: String(timestamp + 1), signature }, body, now)).toBe(false);
    expect(verifyWebhook(secret, { timestamp: String(timestamp), signature }, body, new Date(now.getTime() + 301_000))).toBe(false);
    expect(verifyWebhook(secret, { timestamp: undefined, signature }, body, now)).toBe(false);
  });

  it('makes a new secret each time', () => {
    expect(newSigningSecret()).toMatch(/^whsec_[\w-]{43}$/);
    expect(newSigningSecret()).not.toBe(newSigningSecret());
  });
});

describe('a clinic webhook’s address', () => {
  it('takes public https addresses', () => {
    expect(endpointAddressRefusal('https://hooks.clinic.example/base', false)).toBeNull();
    expect(endpointAddressRefusal('https://93.184.216.34/in', false)).toBeNull();
  });

  it('refuses http, private networks, local names and credentials', () => {
    expect(endpointAddressRefusal('http://hooks.clinic.example/base', false)).toMatch(/https/);
    for (const url of [
      'https://10.1.2.3/in',
      'https://192.168.0.4/in',
      'https://172.20.0.1/in',
      'https://169.254.169.254/latest',
      'https://127.0.0.1/in',
      'https://[::1]/in',
      'https://[fd00::1]/in',
      'https://localhost/in',
      'https://db.internal/in',
      'https://intranet/in',
    ]) {
      expect(endpointAddressRefusal(url, false), url).toMatch(/private/);
    }
    expect(endpointAddressRefusal('https://user:pass@hooks.clinic.example/', false)).toMatch(/user name/);
    expect(endpointAddressRefusal('not a url', false)).toMatch(/https:\/\//);
  });

  it('lets local http through only when loopback is allowed (development and tests)', () => {
    expect(endpointAddressRefusal('http://127.0.0.1:4000/in', true)).toBeNull();
    expect(endpointAddressRefusal('http://localhost:4000/in', true)).toBeNull();
    expect(endpointAddressRefusal('http://127.0.0.1:4000/in', false)).not.toBeNull();
    expect(endpointAddressRefusal('http://10.0.0.1/in', true)).not.toBeNull();
  });

  it('knows IPv4 written as IPv6', () => {
    expect(isPrivateAddress('::ffff:10.0.0.1')).toBe(true);
    expect(isPrivateAddress('::ffff:93.184.216.34')).toBe(false);
  });
});
