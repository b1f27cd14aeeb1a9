import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { newSigningSecret, signWebhook } from './webhook-signature.ts';
import { endpointAddressRefusal, isPrivateAddress } from './webhook-address.ts';

describe('a clinic webhook’s signature', () => {
  const secret = newSigningSecret();
  const id = 'evt_2f1c0b6e';
  const body = JSON.stringify({ id, type: 'order.paid', data: { orderId: 'o1' } });
  const timestamp = Math.floor(Date.now() / 1000);
  const headers = (signature: string, at = timestamp, eventId = id) => ({
    'webhook-id': eventId,
    'webhook-timestamp': String(at),
    'webhook-signature': signature,
  });

  it('is HMAC-SHA256 under the decoded key over `id.timestamp.body`, in base64, behind v1,', () => {
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    expect(key).toHaveLength(32);
    const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
    expect(signWebhook(secret, id, timestamp, body)).toBe(`v1,${expected}`);
  });

  it('verifies with the Standard Webhooks library, as a clinic would', () => {
    const signature = signWebhook(secret, id, timestamp, body);
    expect(new Webhook(secret).verify(body, headers(signature))).toEqual(JSON.parse(body));
    // and the library's own signature of the same message is ours, byte for byte
    expect(new Webhook(secret).sign(id, new Date(timestamp * 1000), body)).toBe(signature);
  });

  it('fails for another secret, a changed body, timestamp or event id, or an old request', () => {
    const signature = signWebhook(secret, id, timestamp, body);
    const receiver = new Webhook(secret);
    expect(() => new Webhook(newSigningSecret()).verify(body, headers(signature))).toThrow();
    expect(() => receiver.verify(body.replace('o1', 'o2'), headers(signature))).toThrow();
    expect(() => receiver.verify(body, headers(signature, timestamp + 1))).toThrow();
    expect(() => receiver.verify(body, headers(signature, timestamp, 'evt_other'))).toThrow();
    const old = timestamp - 600;
    expect(() => receiver.verify(body, headers(signWebhook(secret, id, old, body), old))).toThrow();
  });

  it('makes a new secret each time, in the form the libraries decode', () => {
    expect(newSigningSecret()).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
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

  it('refuses a host name ending in a dot, which delivery would refuse later', () => {
    for (const url of ['https://localhost.:4000/in', 'https://hooks.clinic.example./in', 'http://localhost.:4000/in']) {
      expect(endpointAddressRefusal(url, true), url).toMatch(/dot at its end/);
    }
  });

  it('knows IPv4 written as IPv6', () => {
    expect(isPrivateAddress('::ffff:10.0.0.1')).toBe(true);
    expect(isPrivateAddress('::ffff:93.184.216.34')).toBe(false);
  });
});
